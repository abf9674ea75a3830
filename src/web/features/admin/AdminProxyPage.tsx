import { Alert, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { SESSION_NOTICES } from '#shared/session/messages';
import type { PostalAddress } from '#shared/session/types';
import { adminProxyMachine } from '#machines/session/admin-proxy.machine';
import {
  selectAdminProxyError,
  selectCustomers,
  selectNoMatch,
  selectSearching,
  selectSwitchingTo,
} from '#machines/session/admin-proxy.selectors';
import { useAppServices } from '../../app/context.tsx';
import { verifyIdentity } from '../../app/verify-identity.ts';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { AdminNav } from './AdminNav.tsx';
import { SearchForm } from './SearchForm.tsx';
import { adminApi } from './api.ts';
import { NoticesAdmin } from '../notices/authoring/NoticesAdmin.tsx';

function oneLine(address: PostalAddress | null): string {
  if (!address) return '';
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.zip_code}`]
    .filter(Boolean)
    .join(', ');
}

/** The Admin tab (site admins only): find a customer and act as them; write notices. */
export default function AdminProxyPage() {
  usePageTitle('Admin');
  const { api, actors } = useAppServices();
  // What is typed in the box before Search; the machine holds the query that was searched.
  const [typed, setTyped] = useState('');
  const proxy = useActorRef(
    adminProxyMachine.provide({
      actors: {
        searchCustomers: fromPromise(({ input }) => adminApi(api).searchCustomers(input.query)),
        verifyIdentity: fromPromise(() => verifyIdentity(actors.tokens)),
        startProxy: fromPromise(({ input }) => adminApi(api).startProxy(input)),
      },
      actions: {
        'act as the customer': (_, { user }) =>
          actors.session.send({ type: 'session.started', user, redirect: '/account/' }),
      },
    }),
  );
  const searching = useSelector(proxy, selectSearching);
  const customers = useSelector(proxy, selectCustomers);
  const noMatch = useSelector(proxy, selectNoMatch);
  const switchingTo = useSelector(proxy, selectSwitchingTo);
  const error = useSelector(proxy, selectAdminProxyError);

  return (
    <Stack gap="lg">
      <AdminNav current="/admin/" />
      <Title order={1}>Admin</Title>
      <Text>Find a customer by name, username, email or address, then act as them.</Text>
      <SearchForm
        name="Find a customer"
        label="Customer"
        value={typed}
        onChange={setTyped}
        onSubmit={() => proxy.send({ type: 'search.typed', query: typed })}
        loading={searching}
        button="Search"
        icon={<IconSearch size={16} aria-hidden />}
      />
      {error && (
        <Alert color="red" role="alert" title="Something went wrong">
          {error}
        </Alert>
      )}
      {noMatch && <Text role="status">{SESSION_NOTICES.noCustomerMatch}</Text>}
      {customers.length > 0 && (
        <Table striped highlightOnHover data-testid="customer-results">
          <Table.Caption style={{ color: 'var(--mantine-color-text)' }}>
            Customers found
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Username</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Service address</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customers.map((customer) => (
              <Table.Tr key={customer.cid}>
                <Table.Td>{customer.name}</Table.Td>
                <Table.Td>{customer.username ?? '—'}</Table.Td>
                <Table.Td>{customer.email}</Table.Td>
                <Table.Td>{oneLine(customer.service_address)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    disabled={customer.username === null || switchingTo !== null}
                    loading={switchingTo?.cid === customer.cid}
                    aria-label={`Act as ${customer.name}`}
                    onClick={() => proxy.send({ type: 'customer.chosen', customer })}
                  >
                    Act as
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NoticesAdmin />
    </Stack>
  );
}
