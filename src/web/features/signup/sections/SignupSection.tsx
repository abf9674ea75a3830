/**
 * One section of the signup page: a titled region that scrolls into view when the wizard reveals
 * it (it mounts only then).
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface SignupSectionProps {
  title: string;
  intro?: ReactNode;
  /** Scroll into view when shown (every section but the first). */
  scrollOnReveal?: boolean;
  testId: string;
  children: ReactNode;
}

export function SignupSection({
  title,
  intro,
  scrollOnReveal = true,
  testId,
  children,
}: SignupSectionProps) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (!scrollOnReveal || !ref.current?.scrollIntoView) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [scrollOnReveal]);
  return (
    <Paper
      component="section"
      ref={ref}
      aria-labelledby={headingId}
      data-testid={testId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={{ scrollMarginTop: 16 }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {intro && (
            <Text c="gray.7" size="sm" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
