/** The contact form and the Make user form, both rendering the contact edit machine. */
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { ADDRESS_TYPES, REMINDER_TYPES } from '#shared/constants';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import { CONTACT_FIELD_LABELS, PEOPLE_TEXT } from '#shared/people/messages';
import { US_STATE_ABBREVIATIONS } from '#shared/us-states';
import type { ContactEditActor } from '#machines/people/contact-edit.machine';
import {
  selectConvertGrid,
  selectDraft,
  selectFieldErrors,
  selectLockedFields,
  selectLogin,
  selectSaving,
} from '#machines/people/contact-edit.selectors';
import type { ContactField } from '#machines/people/types';
import { READABLE_TEXT_INPUT, RevealablePassword } from '../../components/FormTextField.tsx';
import { DateOfBirthInput, PhoneInput } from '../../components/MaskedInput.tsx';
import { ModalNotifications } from '../../components/notify.tsx';
import { PermissionsTable } from './PermissionsTable.tsx';

/** How a field is typed: text, a masked phone number, or a date of birth (MM/DD/YYYY). */
type Kind = 'text' | 'email' | 'phone' | 'dob';

const TEXT_FIELDS: readonly { field: ContactField; required?: boolean; kind?: Kind }[][] = [
  [{ field: 'name', required: true }, { field: 'title' }, { field: 'position' }],
  [
    { field: 'cmp_name' },
    { field: 'email', required: true, kind: 'email' },
    { field: 'dob', kind: 'dob' },
  ],
  [
    { field: 'phone', required: true, kind: 'phone' },
    { field: 'mobile', kind: 'phone' },
    { field: 'fax', kind: 'phone' },
  ],
  [{ field: 'line1' }, { field: 'line2' }],
  [{ field: 'city' }],
];

export function ContactForm({ actor }: { actor: ContactEditActor }) {
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectFieldErrors);
  const saving = useSelector(actor, selectSaving);
  const locked: Partial<Record<ContactField, string>> = useSelector(actor, selectLockedFields);
  const change = (field: ContactField, value: string | number) =>
    actor.send({ type: 'field.changed', field, value });
  const text = (field: ContactField, required?: boolean, kind: Kind = 'text') => {
    const common = {
      label: CONTACT_FIELD_LABELS[field],
      value: String(draft[field]),
      error: errors[field],
      required,
      // Not the editor's to change: shown, disabled, with the reason.
      disabled: locked[field] !== undefined,
      description: locked[field],
      styles: READABLE_TEXT_INPUT,
    };
    if (kind === 'phone')
      return <PhoneInput key={field} {...common} onAccept={(value) => change(field, value)} />;
    if (kind === 'dob')
      return (
        <DateOfBirthInput
          key={field}
          {...common}
          description="MM/DD/YYYY"
          onAccept={(value) => change(field, value)}
        />
      );
    return (
      <TextInput
        key={field}
        {...common}
        type={kind}
        onChange={(event) => change(field, event.currentTarget.value)}
      />
    );
  };
  return (
    <form
      noValidate
      aria-label="Contact"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'save.pressed' });
      }}
    >
      <Stack gap="sm">
        <ModalNotifications />
        {TEXT_FIELDS.map((row, index) => (
          <SimpleGrid key={index} cols={{ base: 1, sm: row.length }}>
            {row.map(({ field, required, kind }) => text(field, required, kind))}
          </SimpleGrid>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={CONTACT_FIELD_LABELS.state}
            value={draft.state}
            error={errors.state}
            styles={READABLE_TEXT_INPUT}
            data={['', ...US_STATE_ABBREVIATIONS]}
            onChange={(event) => change('state', event.currentTarget.value)}
          />
          {text('zip_code')}
          {text('zip_ext')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={CONTACT_FIELD_LABELS.address_type}
            value={String(draft.address_type)}
            styles={READABLE_TEXT_INPUT}
            data={Object.entries(ADDRESS_TYPES).map(([label, value]) => ({
              label,
              value: String(value),
            }))}
            onChange={(event) => change('address_type', Number(event.currentTarget.value))}
          />
          <NativeSelect
            label={CONTACT_FIELD_LABELS.reminder_type}
            value={String(draft.reminder_type)}
            styles={READABLE_TEXT_INPUT}
            data={Object.entries(REMINDER_TYPES).map(([label, value]) => ({
              label,
              value: String(value),
            }))}
            onChange={(event) => change('reminder_type', Number(event.currentTarget.value))}
          />
        </SimpleGrid>
        <TextInput
          label={CONTACT_FIELD_LABELS.comments}
          value={draft.comments}
          error={errors.comments}
          styles={READABLE_TEXT_INPUT}
          onChange={(event) => change('comments', event.currentTarget.value)}
        />
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {PEOPLE_TEXT.save}
          </Button>
          <Button
            variant="default"
            disabled={saving}
            onClick={() => actor.send({ type: 'edit.cancel.pressed' })}
          >
            {PEOPLE_TEXT.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MakeUserForm({ actor }: { actor: ContactEditActor }) {
  const login = useSelector(actor, selectLogin);
  const errors = useSelector(actor, selectFieldErrors);
  const rows = useSelector(actor, selectConvertGrid);
  const saving = useSelector(actor, selectSaving);
  return (
    <form
      noValidate
      aria-label={PEOPLE_TEXT.makeUser}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'convert.submitted' });
      }}
    >
      <Stack gap="sm">
        <ModalNotifications />
        <TextInput
          label={PEOPLE_TEXT.username}
          value={login.uid}
          error={errors.uid}
          required
          autoComplete="off"
          styles={READABLE_TEXT_INPUT}
          onChange={(event) =>
            actor.send({ type: 'login.changed', field: 'uid', value: event.currentTarget.value })
          }
        />
        <RevealablePassword
          label={PEOPLE_TEXT.password}
          description={PASSWORD_MESSAGES.help}
          value={login.password}
          error={errors.password}
          required
          autoComplete="new-password"
          onChange={(event) =>
            actor.send({
              type: 'login.changed',
              field: 'password',
              value: event.currentTarget.value,
            })
          }
        />
        <PermissionsTable
          rows={rows}
          disabled={saving}
          onChoose={(category, level) =>
            actor.send({ type: 'permission.level.chosen', category, level })
          }
        />
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {PEOPLE_TEXT.makeUser}
          </Button>
          <Button
            variant="default"
            disabled={saving}
            onClick={() => actor.send({ type: 'convert.cancel.pressed' })}
          >
            {PEOPLE_TEXT.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
