import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './usePageTitle.ts';

/** A route whose page lands with a later capability. */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm" py="xl" data-testid="coming-soon">
      <Title order={1}>{title}</Title>
      <Text>This page is coming soon.</Text>
    </Stack>
  );
}
