/** The voice option: a checkbox to be contacted about voice service (voice action new). */
import { Checkbox } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { SignupActor } from '#machines/signup/signup.machine';
import { selectVoiceRequested } from '#machines/signup/signup.selectors';
import { SignupSection } from './SignupSection.tsx';

export default function VoiceSection({
  wizard,
  description,
}: {
  wizard: SignupActor;
  description: string;
}) {
  const checked = useSelector(wizard, selectVoiceRequested);
  return (
    <SignupSection title="Home phone" intro={description} testId="signup-voice">
      <Checkbox
        label="Contact me about voice service"
        checked={checked}
        onChange={(event) =>
          wizard.send({ type: 'voice.toggled', checked: event.currentTarget.checked })
        }
      />
    </SignupSection>
  );
}
