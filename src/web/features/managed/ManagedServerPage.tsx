/**
 * The managed server view (portal.md §2 "Managed server view"; docs/managed-hosting.md):
 * `/servers/{server}/manage`, and `/server/{iid}/ssl` and `/server/{iid}/domain_redirects` open on
 * their section. The server is loaded first (the pages' loader machine, GET /servers/{iid}): its
 * name heads the view; a server the customer does not have, or one that is not managed, is
 * "Server not found" (portal.md §8), and nothing more is asked of it.
 */
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { parseManagedId } from '#shared/managed/rules';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import { managedServerLoader, selectManagedServer } from '#machines/managed/server.selectors';
import { useAppServices } from '../../app/context.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { managedApi } from './api.ts';
import { ManagedSections } from './ManagedSections.tsx';

function ManagedServerView({ iid }: { iid: number }) {
  const { api } = useAppServices();
  const calls = useMemo(() => managedApi(api, iid), [api, iid]);
  const loader = useActorRef(
    managedServerLoader.provide({ actors: { load: fromPromise(() => calls.server()) } }),
  );
  const server = useSelector(loader, selectManagedServer);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          {server.status === 'found' && (
            <Text size="sm" c="dimmed">
              {M.title}
            </Text>
          )}
          <Title order={1}>{server.status === 'found' ? server.name : M.title}</Title>
        </Stack>
        {server.status === 'found' && (
          <Anchor component={Link} to={`/server/${server.iid}`}>
            Back to the server
          </Anchor>
        )}
      </Group>
      {server.status === 'loading' && <Loader role="status" aria-label={M.loadingServer} />}
      {server.status === 'not found' && (
        <Alert color="yellow" role="alert">
          {M.serverNotFound}
        </Alert>
      )}
      {server.status === 'failed' && (
        <LoadFailure
          title={`${M.title} could not be loaded`}
          message={server.error}
          onRetry={() => loader.send({ type: 'retry.pressed' })}
        />
      )}
      {server.status === 'found' && <ManagedSections calls={calls} iid={server.iid} />}
    </Stack>
  );
}

export default function ManagedServerPage() {
  usePageTitle(M.title);
  const params = useParams({ strict: false }) as { server?: string; iid?: string };
  // An id that is not one is a server the customer does not have: GET /servers/0 answers 404.
  const iid = parseManagedId(params.server ?? params.iid ?? '') ?? 0;
  return <ManagedServerView key={iid} iid={iid} />;
}
