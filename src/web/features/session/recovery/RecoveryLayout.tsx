import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The frame of the public account-help pages: a heading, a short text, the form, help links. */
export function RecoveryLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Title order={1}>{title}</Title>
      <Text>{intro}</Text>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
      <Group gap="lg" justify="center">
        <Anchor component={Link} to="/login/" size="sm">
          Back to log in
        </Anchor>
        <Anchor component={Link} to="/username-recovery/" size="sm">
          Forgot your username?
        </Anchor>
        <Anchor component={Link} to="/password-recovery/" size="sm">
          Forgot your password?
        </Anchor>
      </Group>
    </Stack>
  );
}

/** A green title on the green tint falls short of 4.5:1: the title keeps the text colour. */
export const SUCCESS_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** The server's answer after a request was sent. */
export function SentNotice({ message }: { message: string }) {
  return (
    <Alert
      styles={SUCCESS_TITLE}
      color="green"
      title="Request sent"
      role="status"
      data-testid="recovery-sent"
    >
      {message}
    </Alert>
  );
}

export function FailureNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" title="Something went wrong" role="alert">
      {message}
    </Alert>
  );
}
