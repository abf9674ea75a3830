/** "How did you hear about us?": eight options, Skip while none is chosen, text for Other. */
import { Button, Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ATTRIBUTION_OPTIONS, type AttributionId } from '#shared/constants';
import type { attributionMachine } from '#machines/signup/attribution.machine';
import { selectAttributionView } from '#machines/signup/attribution.selectors';
import { actThenFocusNext } from '../../../components/focus.ts';
import { SignupSection } from './SignupSection.tsx';

export default function AttributionSection({
  attribution,
}: {
  attribution: ActorRefFrom<typeof attributionMachine>;
}) {
  const view = useSelector(attribution, selectAttributionView);
  return (
    <SignupSection title="How did you hear about us?" intro="Optional." testId="signup-attribution">
      <Radio.Group
        label="How did you hear about us?"
        labelProps={{
          style: {
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          },
        }}
        value={view.choice}
        onChange={(id) => attribution.send({ type: 'attribution.chosen', id: id as AttributionId })}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {ATTRIBUTION_OPTIONS.map((option) => (
            <Radio key={option.id} value={option.id} label={option.label} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {view.showOtherText && (
        <TextInput
          label="Where did you hear about us?"
          value={view.otherText}
          onChange={(event) =>
            attribution.send({ type: 'attribution.other.typed', text: event.currentTarget.value })
          }
        />
      )}
      {view.showSkip && (
        <Group>
          <Button
            variant="subtle"
            onClick={(event) =>
              actThenFocusNext(event.currentTarget.closest('section'), () =>
                attribution.send({ type: 'attribution.skipped' }),
              )
            }
          >
            Skip
          </Button>
        </Group>
      )}
    </SignupSection>
  );
}
