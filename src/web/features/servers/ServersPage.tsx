/**
 * The servers table (/services/servers/, inside the services layout): sortable by every column
 * both ways, the count, live power for servers whose action is under way, and New server (its
 * form and confirmation: CreateServerModal). Rendered from the list machine
 * (machines/servers/list.machine.ts).
 */
import {
  Center,
  Anchor,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { formatDollars } from '#shared/cart/money';
import type { ServerRecord, ServerSortColumn } from '#shared/servers/rules';
import {
  selectCanCreate,
  selectCanManage,
  selectCreateForm,
  selectListBusy,
  selectListError,
  selectListFailed,
  selectServerCount,
  selectServers,
  selectSort,
} from '#machines/servers/list.selectors';
import { powerMachine } from '#machines/servers/power.machine';
import { selectPower } from '#machines/servers/power.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { serversApi } from './api.ts';
import { CreateServerModal } from './CreateServerModal.tsx';
import { PowerBadge } from './PowerControls.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { RefusalModal } from './RefusalModal.tsx';
import { useServersList } from './useServersList.ts';

const COLUMNS: { column: ServerSortColumn; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'power', label: 'Power' },
  { column: 'cpus', label: 'CPU' },
  { column: 'mem', label: 'Memory' },
  { column: 'disk', label: 'Storage' },
  { column: 'managed', label: 'Managed' },
  { column: 'monthly_cost', label: 'Monthly cost' },
];

/** The power of a server whose action runs: followed live until it settles. */
function LivePower({ iid }: { iid: number }) {
  const { api } = useAppServices();
  const calls = useMemo(() => serversApi(api), [api]);
  const actor = useActorRef(powerMachine.provide({ actors: calls.powerActors }), {
    input: { iid },
  });
  return <PowerBadge power={useSelector(actor, selectPower)} />;
}

function PowerCell({ server }: { server: ServerRecord }) {
  return server.power === 'running' || server.power === 'stopped' ? (
    <PowerBadge power={server.power} />
  ) : (
    <LivePower iid={server.iid} />
  );
}

export default function ServersPage() {
  usePageTitle('Servers');
  const { list } = useServersList();
  const servers = useSelector(list, selectServers);
  const count = useSelector(list, selectServerCount);
  const sort = useSelector(list, selectSort);
  const busy = useSelector(list, selectListBusy);
  const error = useSelector(list, selectListError);
  const failed = useSelector(list, selectListFailed);
  const canManage = useSelector(list, selectCanManage);
  const canCreate = useSelector(list, selectCanCreate);
  const createForm = useSelector(list, selectCreateForm);
  return (
    <Stack gap="sm">
      {/* The new server form shows its refusals in its own list. */}
      <RefusalModal hidden={createForm !== undefined} />
      {createForm && <CreateServerModal form={createForm} />}
      <Group justify="space-between">
        <Text data-testid="server-count">
          {count} {count === 1 ? 'server' : 'servers'}
        </Text>
        {canManage && (
          <Button disabled={!canCreate} onClick={() => list.send({ type: 'server.new.pressed' })}>
            New server
          </Button>
        )}
      </Group>
      {error !== null && (
        <FailureAlert
          error={error}
          onReload={failed ? () => list.send({ type: 'servers.reload.pressed' }) : undefined}
        />
      )}
      <Table striped aria-busy={busy} data-testid="servers-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ column, label }) => (
              <Table.Th
                key={column}
                aria-sort={
                  sort.column === column ? (sort.ascending ? 'ascending' : 'descending') : 'none'
                }
              >
                <UnstyledButton
                  onClick={() => list.send({ type: 'servers.sort.pressed', column })}
                  fw={600}
                >
                  {label}
                  {sort.column === column ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {servers.map((server) => (
            <Table.Tr key={server.iid}>
              <Table.Td>
                <Anchor component={Link} to={`/server/${server.iid}/`}>
                  {server.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <PowerCell server={server} />
              </Table.Td>
              <Table.Td>{server.cpus}</Table.Td>
              <Table.Td>{server.mem_gb} GB</Table.Td>
              <Table.Td>{server.disk} GB</Table.Td>
              <Table.Td>{server.managed ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{formatDollars(server.monthly_cost)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {busy && servers.length === 0 && (
        <Center role="status" aria-label="Loading the servers">
          <Loader aria-hidden />
        </Center>
      )}
    </Stack>
  );
}
