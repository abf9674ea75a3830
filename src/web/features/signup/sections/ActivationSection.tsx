/** "bonfire residential" (southern_ute): the desired activation date, tomorrow at the earliest. */
import '@mantine/dates/styles.css';
import './date-picker.css';
import { Button, Group, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useSelector } from '@xstate/react';
import { CONNECTIVITY_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import type { ActivationActor } from '#machines/signup/activation.machine';
import { selectActivationView } from '#machines/signup/activation.selectors';
import { DATE_PICKER_LABELS, usePickerIds } from './date-picker.ts';

export default function ActivationSection({ activation }: { activation: ActivationActor }) {
  const view = useSelector(activation, selectActivationView);
  const picker = usePickerIds();
  return (
    <Stack gap="xs" data-testid="bonfire-residential">
      <DatePickerInput
        label="Desired activation date"
        description={
          view.required ? CONNECTIVITY_MESSAGES.activationDate : SIGNUP_WIZARD_MESSAGES.earlySignup
        }
        placeholder="Choose a date"
        required={view.required}
        value={view.date}
        minDate={view.earliest}
        getDayProps={(date) => ({ 'data-date': date })}
        ariaLabels={DATE_PICKER_LABELS}
        defaultDate={view.earliest}
        onChange={(date) =>
          activation.send(
            date ? { type: 'activation.date.chosen', date } : { type: 'activation.date.cleared' },
          )
        }
        {...picker}
      />
      {view.date && !view.required && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => activation.send({ type: 'activation.date.cleared' })}
          >
            Clear the date
          </Button>
        </Group>
      )}
    </Stack>
  );
}
