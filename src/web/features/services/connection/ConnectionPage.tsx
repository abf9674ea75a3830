/**
 * A connectivity service (/connection/{display_id}, services view): speed, router and mesh, the
 * monthly price and this month's charges as its bills charge them, the service address the bills
 * are printed with, the installation appointment and the provisioning progress
 * (docs/servers.md "Connections").
 */
import { Center, Alert, Badge, List, Loader, Paper, Stack, Table, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { formatDollars } from '#shared/cart/money';
import { selectServicesData, servicesLoader } from '#machines/services/services.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { connectionApi } from './api.ts';

export default function ConnectionPage() {
  const { display_id: displayId = '' } = useParams({ strict: false }) as { display_id?: string };
  usePageTitle(`Connection ${displayId}`);
  const { api } = useAppServices();
  const calls = useMemo(() => connectionApi(api), [api]);
  const loader = useActorRef(
    servicesLoader.provide({ actors: { load: fromPromise(() => calls.all()) } }),
  );
  const data = useSelector(loader, selectServicesData);
  const loading = useSelector(loader, selectLoading);
  const error = useSelector(loader, selectLoadError);
  const service = data
    ? Object.values(data.services.services)
        .flat()
        .find((s) => s.display_id === displayId && s.kind === 'connectivity')
    : undefined;
  const task = data?.tasks.tasks.find((t) => t.service_display_id === displayId);
  const c = service?.connection;
  return (
    <Stack gap="md">
      <Title order={1}>Connection {displayId}</Title>
      {loading && (
        <Center role="status" aria-label="Loading the connection">
          <Loader aria-hidden />
        </Center>
      )}
      {error !== null && <Alert color="red">{error}</Alert>}
      {data && !service && <Alert color="yellow">This connection was not found.</Alert>}
      {service && (
        <Paper withBorder p="md">
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Td>
                  <Badge variant="light">{service.status}</Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Provisioning</Table.Th>
                <Table.Td>{task ? task.status.toUpperCase() : '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Speed</Table.Th>
                <Table.Td>{c?.speed ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Router</Table.Th>
                <Table.Td>{c?.router ?? 'None'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Mesh</Table.Th>
                <Table.Td>{c?.mesh_quantity ?? 0}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Td>{c?.address ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Installation</Table.Th>
                <Table.Td>{c?.installation ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Monthly price</Table.Th>
                <Table.Td>{c ? `${formatDollars(c.monthly_price)} before tax` : '—'}</Table.Td>
              </Table.Tr>
              {c && c.monthly_charges.length > 0 && (
                <Table.Tr>
                  <Table.Th>This month&apos;s charges</Table.Th>
                  <Table.Td>
                    <List listStyleType="none" size="sm" spacing={2}>
                      {c.monthly_charges.map((charge, index) => (
                        <List.Item key={index}>
                          {charge.description}: {formatDollars(charge.amount)}
                        </List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
