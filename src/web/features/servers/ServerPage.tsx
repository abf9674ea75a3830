/**
 * A server (/server/{iid}, services view): its power with Start, Stop and Force stop (behind a
 * confirmation), the time since shutdown, the editor with the monthly cost, and Delete (behind a
 * confirmation naming the server and the storage lost; once deleted, the servers list opens and
 * says so); a managed server links to its managed server view (Manage hosting). "Server not
 * found" (warning) when the server is absent after the load (portal.md §8). The view creates the
 * one page actor (machines/servers/server-page.machine.ts) and reads its children through their
 * selectors. Design: docs/servers.md.
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
import { parseRecordId } from '#shared/billing/schemas';
import { ERROR_MESSAGES } from '#shared/messages';
import { editorMachine } from '#machines/servers/editor.machine';
import type { ListActor } from '#machines/servers/list.machine';
import {
  selectCanDelete,
  selectCanManage,
  selectDeleteConfirmation,
  selectListBusy,
  selectListError,
  selectListFailed,
} from '#machines/servers/list.selectors';
import { powerMachine, type PowerActor } from '#machines/servers/power.machine';
import { serverPageWith, type ServerPageActor } from '#machines/servers/server-page.machine';
import {
  selectPageEditor,
  selectPageList,
  selectPagePower,
  selectPageServer,
  selectPageServerNotFound,
} from '#machines/servers/server-page.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { serversApi } from './api.ts';
import { notifyInModal } from './notify.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { PowerControls } from './PowerControls.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { RefusalModal } from './RefusalModal.tsx';
import { ServerEditor } from './ServerEditor.tsx';
import { listWithCalls } from './useServersList.ts';

/** The page machine (machines/servers/server-page.machine.ts) with the app's calls. */
function useServerPage(iid: number): ServerPageActor {
  const { api, actors } = useAppServices();
  const navigate = useNavigate();
  const perms = useSelector(actors.session, (s) => selectUser(s)?.perms);
  const calls = useMemo(() => serversApi(api), [api]);
  return useActorRef(
    serverPageWith({
      // Once deleted, the servers list opens (and says the server was deleted).
      list: listWithCalls(calls, actors, () => void navigate({ to: '/services/servers/' })),
      power: powerMachine.provide({ actors: calls.powerActors }),
      editor: editorMachine.provide({
        actors: { save: calls.save(iid) },
        actions: { 'notify in a modal': notifyInModal(actors) },
      }),
    }),
    { input: { iid, perms } },
  );
}

export default function ServerPage() {
  const params = useParams({ strict: false }) as { iid?: string };
  const iid = parseRecordId(params.iid ?? '') ?? 0;
  usePageTitle(`Server ${iid}`);
  const page = useServerPage(iid);
  const list = useSelector(page, selectPageList);
  const power = useSelector(page, selectPagePower);
  // Once the server is deleted the page's children are done: the servers list opens.
  if (!list || !power) return <Title order={1}>{`Server ${iid}`}</Title>;
  return <ServerView iid={iid} page={page} list={list} power={power} />;
}

function ServerView({
  iid,
  page,
  list,
  power,
}: {
  iid: number;
  page: ServerPageActor;
  list: ListActor;
  power: PowerActor;
}) {
  const server = useSelector(page, selectPageServer);
  const notFound = useSelector(page, selectPageServerNotFound);
  const editor = useSelector(page, selectPageEditor);
  const busy = useSelector(list, selectListBusy);
  const error = useSelector(list, selectListError);
  const failed = useSelector(list, selectListFailed);
  const canManage = useSelector(list, selectCanManage);
  const canDelete = useSelector(list, (s) => selectCanDelete(s, iid));
  const confirmation = useSelector(list, selectDeleteConfirmation);
  const reload = () => page.send({ type: 'servers.reload.pressed' });
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
              {editor && <ServerEditor actor={editor} canManage={canManage} />}
            </Stack>
          </Paper>
          {canManage && (
            <Group>
              <Text size="sm">A server is deleted only when it is stopped.</Text>
              <Button
                color="red.9"
                disabled={!canDelete}
                onClick={() => page.send({ type: 'server.delete.pressed' })}
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
        onConfirm={() => page.send({ type: 'server.delete.confirmed' })}
        onCancel={() => page.send({ type: 'server.delete.cancelled' })}
      />
    </Stack>
  );
}
