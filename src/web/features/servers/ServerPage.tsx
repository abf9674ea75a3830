/**
 * A server (/server/{iid}, services view): its power with Start, Stop and Force stop (behind a
 * confirmation), the time since shutdown, the editor with the monthly cost, and Delete (behind a
 * confirmation naming the server and the storage lost; once deleted, the servers list opens and
 * says so); a managed server links to its managed server view (Manage hosting). "Server not
 * found" (warning) when the server is absent after the load (portal.md §8). Design: docs/servers.md.
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { parseRecordId } from '#shared/billing';
import { ERROR_MESSAGES } from '#shared/messages';
import type { ServerRecord } from '#shared/servers';
import { following } from '#machines/follow';
import { editorMachine } from '#machines/servers/editor.machine';
import type { ListActor } from '#machines/servers/list.machine';
import {
  selectCanDelete,
  selectCanManage,
  selectDeleteConfirmation,
  selectListBusy,
  selectListError,
  selectListFailed,
  selectServer,
  selectServerNotFound,
} from '#machines/servers/list.selectors';
import { powerMachine } from '#machines/servers/power.machine';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { serversApi } from './api.ts';
import { notifyInModal } from './notify.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { PowerControls } from './PowerControls.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { RefusalModal } from './RefusalModal.tsx';
import { ServerEditor } from './ServerEditor.tsx';
import { useServersList } from './useServersList.ts';

function EditorSection({
  iid,
  server,
  list,
  canManage,
  onSaved,
}: {
  iid: number;
  server: ServerRecord;
  list: ListActor;
  canManage: boolean;
  onSaved: () => void;
}) {
  const { api, actors } = useAppServices();
  const calls = useMemo(() => serversApi(api), [api]);
  const editor = useActorRef(
    editorMachine.provide({
      actors: {
        save: calls.save(iid),
        // The server fetched again (after start, stop or a save): the editor shows it.
        follow: following(
          [list],
          ([snapshot]) => selectServer(snapshot, iid),
          (loaded) => ({ type: 'server.loaded', server: loaded }),
        ),
      },
      actions: { 'notify in a modal': notifyInModal(actors), 'announce the save': onSaved },
    }),
    { input: { server } },
  );
  return <ServerEditor actor={editor} canManage={canManage} />;
}

export default function ServerPage() {
  const params = useParams({ strict: false }) as { iid?: string };
  const iid = parseRecordId(params.iid ?? '') ?? 0;
  usePageTitle(`Server ${iid}`);
  const navigate = useNavigate();
  // Once deleted, the servers list opens (and says the server was deleted).
  const { list, calls } = useServersList({
    onDeleted: () => void navigate({ to: '/services/servers/' }),
  });
  const reload = () => list.send({ type: 'servers.reload.pressed' });
  const power = useActorRef(
    powerMachine.provide({ actions: { 'reload the server': reload }, actors: calls.powerActors }),
    { input: { iid } },
  );
  const server = useSelector(list, (s) => selectServer(s, iid));
  const notFound = useSelector(list, (s) => selectServerNotFound(s, iid));
  const busy = useSelector(list, selectListBusy);
  const error = useSelector(list, selectListError);
  const failed = useSelector(list, selectListFailed);
  const canManage = useSelector(list, selectCanManage);
  const canDelete = useSelector(list, (s) => selectCanDelete(s, iid));
  const confirmation = useSelector(list, selectDeleteConfirmation);
  return (
    <Stack gap="md">
      <RefusalModal />
      <Title order={1}>{server ? server.name : `Server ${iid}`}</Title>
      <Group gap="lg">
        <Anchor component={Link} to="/services/servers/">
          All servers
        </Anchor>
        {server?.managed && (
          <Anchor component={Link} to={`/servers/${server.iid}/manage/`}>
            Manage hosting
          </Anchor>
        )}
      </Group>
      {notFound && (
        <Alert
          color="yellow"
          title={ERROR_MESSAGES.serverNotFound}
          data-testid="server-not-found"
          // The yellow title on its tint falls short of 4.5:1: the title keeps the text colour.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        />
      )}
      {error !== null && !notFound && (
        <FailureAlert error={error} onReload={failed ? reload : undefined} />
      )}
      {!server && busy && (
        <Center role="status" aria-label="Loading the server">
          <Loader aria-hidden />
        </Center>
      )}
      {server && (
        <>
          <Paper withBorder p="md">
            <PowerControls actor={power} canManage={canManage} />
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h3">
                Size and cost
              </Title>
              <EditorSection
                iid={iid}
                server={server}
                list={list}
                canManage={canManage}
                onSaved={reload}
              />
            </Stack>
          </Paper>
          {canManage && (
            <Group>
              <Text size="sm">A server is deleted only when it is stopped.</Text>
              <Button
                color="red.9"
                disabled={!canDelete}
                onClick={() => list.send({ type: 'server.delete.pressed', iid })}
              >
                Delete server
              </Button>
            </Group>
          )}
        </>
      )}
      <ConfirmDialog
        opened={confirmation !== null}
        title="Delete server?"
        question={confirmation?.question ?? ''}
        action="Delete server"
        busy={confirmation?.deleting ?? false}
        onConfirm={() => list.send({ type: 'server.delete.confirmed' })}
        onCancel={() => list.send({ type: 'server.delete.cancelled' })}
      />
    </Stack>
  );
}
