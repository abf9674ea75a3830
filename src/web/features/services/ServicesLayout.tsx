/**
 * The services layout (/services/, services view): the sub-navigation of portal.md §2 around an
 * <Outlet /> where /services/{service}/ pages sit; at /services/ itself the overview: the service
 * groups in panels that open or close one by one, all, or all but one (§4), class-14 provisioning
 * tasks as pending connectivity items (§4), and "Not all products were fetched" (danger) when the
 * list was cut (§8). Design: docs/servers.md "Services page".
 */
import {
  Center,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Outlet, useChildMatches, useNavigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { SERVICE_CLASS, SERVICES_SUB_NAVIGATION } from '#shared/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import { pendingItems, SERVICE_GROUP_IDS, serviceGroupLabel } from '#shared/services/rules';
import { panelsMachine } from '#machines/services/panels.machine';
import { selectPanelOpen } from '#machines/services/panels.selectors';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import type { ServicesData } from './api.ts';
import { ServiceList } from './ServiceList.tsx';
import { useServices } from './useServices.ts';

const KEYS = SERVICE_GROUP_IDS.map(String);

function Overview({ data }: { data: ServicesData }) {
  const panels = useActorRef(panelsMachine, { input: { keys: KEYS, open: [] } });
  const open = useSelector(panels, (s) => KEYS.filter((k) => selectPanelOpen(s, k)));
  const connectivity = String(SERVICE_CLASS.residentialConnectivity);
  const listed = (data.services.services[connectivity] ?? [])
    .filter((s) => s.status !== 'pending')
    .map((s) => s.display_id);
  const pending = pendingItems(data.tasks.tasks, listed);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => panels.send({ type: 'panels.all.opened' })}
        >
          Open all
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => panels.send({ type: 'panels.all.closed' })}
        >
          Close all
        </Button>
      </Group>
      {KEYS.map((key) => {
        const services = data.services.services[key] ?? [];
        const groupPending = key === connectivity ? pending : [];
        const isOpen = open.includes(key);
        const label = serviceGroupLabel(Number(key));
        return (
          <Paper key={key} withBorder p="sm" data-testid={`panel-${key}`}>
            <Group justify="space-between">
              <UnstyledButton
                aria-expanded={isOpen}
                onClick={() => panels.send({ type: 'panel.toggled', key })}
                fw={600}
              >
                {label} ({services.length + groupPending.length})
              </UnstyledButton>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => panels.send({ type: 'panels.others.closed', key })}
                aria-label={`Show only ${label}`}
              >
                Only this
              </Button>
            </Group>
            {isOpen && <ServiceList services={services} pending={groupPending} />}
          </Paper>
        );
      })}
    </Stack>
  );
}

export default function ServicesLayout() {
  usePageTitle('Services');
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { service?: string };
  const child = useChildMatches();
  const { data, loading, error } = useServices();
  const tab =
    child.length > 0
      ? (params.service ?? child[0]?.pathname.split('/').filter(Boolean).pop())
      : null;
  return (
    <Stack gap="md">
      <Title order={1}>Services</Title>
      <Tabs
        value={tab ?? null}
        onChange={(value) => value && void navigate({ to: `/services/${value}/` })}
      >
        <Tabs.List>
          {SERVICES_SUB_NAVIGATION.map(({ key, label }) => (
            <Tabs.Tab key={key} value={key}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {data?.services.has_more && (
        <Alert color="red" data-testid="not-all-fetched">
          {ERROR_MESSAGES.notAllProductsFetched}
        </Alert>
      )}
      {child.length > 0 ? (
        <Outlet />
      ) : (
        <>
          {loading && (
            <Center role="status" aria-label="Loading the services">
              <Loader aria-hidden />
            </Center>
          )}
          {error !== null && <Alert color="red">{error}</Alert>}
          {data && <Overview data={data} />}
        </>
      )}
    </Stack>
  );
}
