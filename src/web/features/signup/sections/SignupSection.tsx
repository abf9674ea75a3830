/**
 * One section of the signup page: a titled region that the wizard reveals by mounting it; the page
 * scrolls to the first of the sections revealed together and announces them (../reveal.tsx).
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, type ReactNode } from 'react';
import { useRevealed } from '../reveal.tsx';

export interface SignupSectionProps {
  title: string;
  intro?: ReactNode;
  /** Scroll into view when shown (every section but the first). */
  scrollOnReveal?: boolean;
  /** Asks the visitor for something: scrolled to when it is the first of a reveal. */
  asksForInput?: boolean;
  testId: string;
  children: ReactNode;
}

export function SignupSection({
  title,
  intro,
  scrollOnReveal = true,
  asksForInput = true,
  testId,
  children,
}: SignupSectionProps) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useRevealed(ref, title, { enabled: scrollOnReveal, asksForInput });
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
