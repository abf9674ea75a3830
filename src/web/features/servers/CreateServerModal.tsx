/**
 * New server (docs/servers.md "New server"): the form (name, CPU, memory, storage, the monthly
 * cost as they change), then the question naming the server, its size and its monthly cost; the
 * server is created only on Create server there. A refusal shows in the dialog's own notification
 * list (portal.md §8) and on its fields. Rendered from the new server form's machine
 * (machines/servers/create.machine.ts), a child of the servers list.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CreateServerActor } from '#machines/servers/create.machine';
import {
  selectCreateConfirmation,
  selectCreateCostText,
  selectCreateError,
  selectCreateSending,
  selectCreateStep,
  selectCreateValues,
} from '#machines/servers/create.selectors';
import { useReturnFocus } from '../../components/focus.ts';
import { ModalNotifications } from '../../components/notify.tsx';
import { SizeFields } from './SizeFields.tsx';

export function CreateServerModal({ form }: { form: CreateServerActor }) {
  // Mounted as it opens: focus goes back to New server as it closes.
  useReturnFocus();
  const step = useSelector(form, selectCreateStep);
  const values = useSelector(form, selectCreateValues);
  const costText = useSelector(form, selectCreateCostText);
  const question = useSelector(form, selectCreateConfirmation);
  const sending = useSelector(form, selectCreateSending);
  const errors = useSelector(
    form,
    (s) => ({
      name: selectCreateError(s, 'name'),
      cpus: selectCreateError(s, 'cpus'),
      memGb: selectCreateError(s, 'memGb'),
      disk: selectCreateError(s, 'disk'),
    }),
    (a, b) => a.name === b.name && a.cpus === b.cpus && a.memGb === b.memGb && a.disk === b.disk,
  );
  const close = () => form.send({ type: 'server.form.closed' });
  // The face that replaces the other takes the focus (the button pressed went away with it).
  const nameBox = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'confirm') confirmButton.current?.focus();
    if (step === 'form') nameBox.current?.focus();
  }, [step]);
  return (
    <Modal
      opened={step !== 'done'}
      onClose={close}
      title={step === 'confirm' ? 'Create this server?' : 'New server'}
      closeButtonProps={{ 'aria-label': 'Close', disabled: sending }}
      size="lg"
    >
      <Stack>
        <ModalNotifications />
        {step === 'form' && (
          <form
            noValidate
            aria-label="New server"
            onSubmit={(e) => {
              e.preventDefault();
              form.send({ type: 'server.create.pressed' });
            }}
          >
            <Stack gap="sm">
              <TextInput
                ref={nameBox}
                label="Name"
                description="Letters, digits and dashes, such as web-2"
                value={values.name}
                error={errors.name}
                data-autofocus
                onChange={(e) =>
                  form.send({ type: 'server.name.changed', value: e.currentTarget.value })
                }
              />
              <SizeFields
                values={values}
                errors={errors}
                disabled={false}
                costText={costText}
                costTestId="new-server-cost"
                onChange={(field, value) =>
                  form.send({ type: 'server.field.changed', field, value })
                }
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit">Create…</Button>
              </Group>
            </Stack>
          </form>
        )}
        {step === 'confirm' && (
          <>
            <Text data-testid="confirm-question">{question}</Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={sending}
                onClick={() => form.send({ type: 'server.create.cancelled' })}
              >
                Back
              </Button>
              <Button
                ref={confirmButton}
                loading={sending}
                onClick={() => form.send({ type: 'server.create.confirmed' })}
              >
                Create server
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
