/**
 * The admin pages' search (find a customer, find a login): one box and its button, a search
 * landmark. It renders what it is given and says what was asked; the page's machine searches.
 */
import { Button, Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { SubmitForm } from '../../components/PanelSection.tsx';

export function SearchForm({
  name,
  label,
  value,
  onChange,
  onSubmit,
  loading,
  button,
  icon,
}: {
  /** The landmark's name ("Find a customer"). */
  name: string;
  /** The box's label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  loading: boolean;
  button: string;
  icon?: ReactNode;
}) {
  return (
    <SubmitForm role="search" aria-label={name} onSubmit={() => onSubmit()}>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{ flex: 1 }}
          autoFocus
        />
        <Button type="submit" loading={loading} leftSection={icon}>
          {button}
        </Button>
      </Group>
    </SubmitForm>
  );
}
