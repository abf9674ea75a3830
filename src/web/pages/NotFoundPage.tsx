import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from './usePageTitle.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack gap="sm" py="xl" data-testid="not-found">
      <Title order={1}>Page not found</Title>
      <Text>
        We could not find the page you asked for. It may have moved, or the address may be mistyped.
      </Text>
      <Text>
        <Anchor component={Link} to="/account/">
          Go to your account
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/signup/">
          sign up for service
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
