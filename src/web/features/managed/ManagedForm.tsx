/**
 * The forms of the managed server view, bound to the form machines their list holds
 * (machines/managed/items.machine.ts): the create form of a section, and the fields they are made
 * of (text boxes, PEM text areas, choices, boxes to tick).
 */
import { Alert, Button, Checkbox, Select, Stack, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import {
  selectCanChange,
  selectCreateError,
  selectCreateForm,
  selectCreating,
  selectRows,
  type ManagedFormActor,
} from '#machines/managed/items.selectors';
import { selectField, selectFieldError } from '#machines/forms/form.selectors';
import { useFormField } from '../../components/form-field.ts';
import { FormTextField, READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';
import { SubmitForm } from '../../components/PanelSection.tsx';

/** What every bound field is given: its form machine, the field's name and its label. */
interface BoundField {
  form: ManagedFormActor;
  field: string;
  label: string;
}

/** A multi-line text box bound to one field of a form machine (PEM text). */
export function FormTextArea({ form, field, label }: BoundField) {
  const { value, error } = useFormField(form, field);
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

/**
 * A choice is made at once: the field changes and is left, so it is checked now (in every state of
 * the form, a submitted one included, where typing goes on too).
 */
function choose(form: ManagedFormActor, field: string, value: unknown) {
  form.send({ type: 'field.changed', field, value });
  form.send({ type: 'field.left', field });
}

/** A choice of a list bound to one field of a form machine (its value as text, '' for none). */
export function FormSelect({
  form,
  field,
  label,
  options,
  placeholder,
  clearable = false,
  description,
}: BoundField & {
  options: { value: string; label: string }[];
  placeholder?: string;
  /** No choice is a choice ("No SSL", the placeholder). */
  clearable?: boolean;
  description?: ReactNode;
}) {
  const { value, error } = useFormField(form, field);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      description={description}
      clearable={clearable}
      // Choosing the chosen option again keeps it (the clear button clears).
      allowDeselect={false}
      value={value === '' ? null : value}
      onChange={(chosen) => choose(form, field, chosen ?? '')}
      data={options}
      error={error}
      styles={READABLE_TEXT_INPUT}
    />
  );
}

/** The choice of one of the server's certificates (`ssl_id`), none being a choice. */
export function CertificateSelect({
  form,
  certs,
  placeholder,
}: {
  form: ManagedFormActor;
  certs: ManagedItemsActor;
  placeholder: string;
}) {
  const certRows = useSelector(certs, selectRows);
  return (
    <FormSelect
      form={form}
      field="ssl_id"
      label="Certificate"
      placeholder={placeholder}
      clearable
      options={certRows.map((row) => ({ value: row.id, label: String(row.item.name) }))}
    />
  );
}

/** A new item's password (a database's, an FTP user's). */
export function NewPasswordField({ form }: { form: ManagedFormActor }) {
  return (
    <FormTextField
      actor={form}
      field="password"
      label="Password"
      autoComplete="new-password"
      secret
    />
  );
}

/** A box to tick bound to one field of a form machine. */
export function FormCheckbox({ form, field, label }: BoundField) {
  const checked = useSelector(form, (s) => selectField(s, field).value === true);
  const error = useSelector(form, (s) => selectFieldError(s, field));
  return (
    <Checkbox
      label={label}
      checked={checked}
      onChange={(event) => choose(form, field, event.currentTarget.checked)}
      error={error}
    />
  );
}

/**
 * The form that adds an item to a list: the fields the section gives it, the message when a
 * refusal names no field, and its button, which waits while the item is sent and while another
 * change is on its way.
 */
export function CreateForm({
  list,
  label,
  children,
}: {
  list: ManagedItemsActor;
  label: string;
  children: (form: ManagedFormActor) => ReactNode;
}) {
  const form = useSelector(list, selectCreateForm);
  const creating = useSelector(list, selectCreating);
  const canChange = useSelector(list, selectCanChange);
  const failure = useSelector(list, selectCreateError);
  if (!form) return null;
  return (
    <SubmitForm
      aria-label={label}
      noValidate
      onSubmit={() => form.send({ type: 'submit.pressed' })}
    >
      <Stack gap="xs">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {children(form)}
        <Button
          type="submit"
          loading={creating}
          disabled={!canChange && !creating}
          style={{ alignSelf: 'flex-start' }}
        >
          {label}
        </Button>
      </Stack>
    </SubmitForm>
  );
}
