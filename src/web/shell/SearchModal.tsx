import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { mainSiteSearchUrl } from '#shared/marketing';
import { useAppServices } from '../app/context.tsx';

/** Searches the main site: Go navigates there with the query. */
export function SearchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { config } = useAppServices();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.location.assign(mainSiteSearchUrl(config.mainSiteUrl, query.trim()));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Search ${config.productName}`}
      closeButtonProps={{ 'aria-label': 'Close search' }}
      centered
    >
      <form onSubmit={submit} role="search">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Search for"
            placeholder="Plans, support articles, services…"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            data-autofocus
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={query.trim() === ''}>
            Go
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
