/** A visible progress indicator: the sections of the signup and which are done. */
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { SignupActor } from '#machines/signup/signup.machine';
import { selectProgress } from '#machines/signup/signup.selectors';

export function SignupProgress({ wizard }: { wizard: SignupActor }) {
  const steps = useSelector(wizard, selectProgress, (a, b) =>
    a.every((step, i) => step.done === b[i]?.done),
  );
  const done = steps.filter((step) => step.done).length;
  return (
    <Stack gap={6} component="nav" aria-label="Signup progress" data-testid="signup-progress">
      <Progress
        value={(100 * done) / steps.length}
        aria-label={`${done} of ${steps.length} sections done`}
      />
      <Group gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {steps.map((step) => (
          <Text
            component="li"
            key={step.key}
            size="sm"
            c={step.done ? undefined : 'gray.7'}
            fw={step.done ? 600 : 400}
            data-done={step.done}
          >
            {step.done ? '✓ ' : '○ '}
            {step.label}
            <span
              style={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
              }}
            >
              {step.done ? ' (done)' : ' (to do)'}
            </span>
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
