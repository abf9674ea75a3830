import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { SignupLayout } from './SignupLayout.tsx';

export default function SignupPage() {
  usePageTitle('Sign up');
  return (
    <SignupLayout>
      <Stack gap="sm">
        <Title order={1}>Get fiber at your address</Title>
        <Text>The signup wizard is coming soon.</Text>
      </Stack>
    </SignupLayout>
  );
}
