/**
 * A form of the managed server view, bound to its form machine: the fields (text boxes, PEM text
 * areas), the message when a refusal names no field, and its button, enabled while the list takes
 * a change.
 */
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { selectCanChange } from '#machines/managed/items.selectors';
import {
  selectFieldError,
  selectSubmitError,
  selectSubmitting,
  selectText,
} from '#machines/forms/form.selectors';
import { READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';
import type { ManagedFormActor } from './use-items.ts';

/** A multi-line text box bound to one field of a form machine (PEM text). */
export function FormTextArea({
  form,
  field,
  label,
}: {
  form: ManagedFormActor;
  field: string;
  label: string;
}) {
  const value = useSelector(form, (s) => selectText(s, field));
  const error = useSelector(form, (s) => selectFieldError(s, field));
  return (
    <Textarea
      label={label}
      value={value}
      error={error}
      styles={READABLE_TEXT_INPUT}
      autosize
      minRows={3}
      maxRows={8}
      onChange={(event) =>
        form.send({ type: 'field.changed', field, value: event.currentTarget.value })
      }
      onBlur={() => form.send({ type: 'field.left', field })}
    />
  );
}

export function ManagedForm({
  form,
  list,
  label,
  children,
}: {
  form: ManagedFormActor;
  list: ManagedItemsActor;
  label: string;
  children: ReactNode;
}) {
  const submitting = useSelector(form, selectSubmitting);
  const failure = useSelector(form, selectSubmitError);
  const canChange = useSelector(list, selectCanChange);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="xs">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {children}
        <Button
          type="submit"
          loading={submitting}
          disabled={!canChange && !submitting}
          style={{ alignSelf: 'flex-start' }}
        >
          {label}
        </Button>
      </Stack>
    </form>
  );
}
