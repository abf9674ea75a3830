/**
 * The servers list machine as the servers table and a server's page (as its page machine's child)
 * run it: its calls, the new server form with its
 * POST /servers/, refusals in modal notifications, and what is announced after a create or a
 * delete (a success notification naming the server). The user's permissions are its input: the
 * machine says what they may do.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { serverCreated, serverDeleted } from '#shared/servers/messages';
import { createServerMachine } from '#machines/servers/create.machine';
import { listMachine } from '#machines/servers/list.machine';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices, type AppServices } from '../../app/context.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { serversApi } from './api.ts';
import { notifyInModal } from './notify.ts';

/** The list machine with the app's calls, notifications and what follows a delete. */
export function listWithCalls(
  calls: ReturnType<typeof serversApi>,
  actors: AppServices['actors'],
  onDeleted?: () => void,
) {
  return listMachine.provide({
    actors: {
      ...calls.listActors,
      createForm: createServerMachine.provide({
        actors: { create: calls.createActor },
        actions: { 'notify in a modal': notifyInModal(actors) },
      }),
    },
    actions: {
      'notify in a modal': notifyInModal(actors),
      'announce the creation': (_, { name }) =>
        notifySuccess(actors.notifications, serverCreated(name)),
      'announce the deletion': (_, { name }) => {
        notifySuccess(actors.notifications, serverDeleted(name));
        onDeleted?.();
      },
    },
  });
}

export function useServersList({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { api, actors } = useAppServices();
  const perms = useSelector(actors.session, (s) => selectUser(s)?.perms);
  const calls = useMemo(() => serversApi(api), [api]);
  const list = useActorRef(listWithCalls(calls, actors, onDeleted), {
    input: { column: 'iid', ascending: true, perms },
  });
  return { list, calls };
}
