/**
 * The web server switch (machines/managed/nginx.machine.ts): on, asked to turn off, turning off,
 * off, turning on, failed. Turning it off first asks, naming every site and redirect of the
 * server that stops (from the vhosts and redirects lists); turning it on asks nothing.
 */
import { Alert, Button, Group, List, Modal, Stack, Switch, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import type { ManagedItemsActor } from '#machines/managed/items.machine';
import { selectHostNames, selectLoading } from '#machines/managed/items.selectors';
import { nginxMachine } from '#machines/managed/nginx.machine';
import {
  selectNginxFailed,
  selectSwitchBusy,
  selectSwitchEnabled,
  selectSwitchOn,
  selectTurnOffQuestion,
} from '#machines/managed/nginx.selectors';
import type { ManagedApi } from './api.ts';

export function NginxSection({
  calls,
  vhosts,
  redirects,
}: {
  calls: ManagedApi;
  vhosts: ManagedItemsActor;
  redirects: ManagedItemsActor;
}) {
  const actor = useActorRef(
    nginxMachine.provide({
      actors: {
        status: fromPromise(() => calls.nginx()),
        switchNginx: fromPromise(({ input }: { input: { enable: boolean } }) =>
          calls.switchNginx(input.enable),
        ),
      },
    }),
  );
  const on = useSelector(actor, selectSwitchOn);
  const busy = useSelector(actor, selectSwitchBusy);
  const enabled = useSelector(actor, selectSwitchEnabled);
  const failed = useSelector(actor, selectNginxFailed);
  const question = useSelector(actor, selectTurnOffQuestion);
  const sites = useSelector(vhosts, selectHostNames);
  const redirected = useSelector(redirects, selectHostNames);
  // The question names every site and redirect that stops: not asked before both lists are here.
  const sitesLoading = useSelector(vhosts, selectLoading);
  const redirectsLoading = useSelector(redirects, selectLoading);
  return (
    <Stack>
      <Switch
        label={on ? M.nginxOn : M.nginxOff}
        checked={on}
        disabled={!enabled || sitesLoading || redirectsLoading}
        aria-busy={busy}
        onChange={() => actor.send({ type: 'nginx.switch.toggled', sites, redirects: redirected })}
      />
      {failed && (
        <Alert color="red" role="alert" title={M.nginxFailed}>
          {failed}
          <Button size="xs" ml="sm" onClick={() => actor.send({ type: 'nginx.reload.pressed' })}>
            Try again
          </Button>
        </Alert>
      )}
      <Modal
        opened={question !== null}
        onClose={() => actor.send({ type: 'nginx.off.cancelled' })}
        title={question?.title}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="xs">{question?.stops}</Text>
        {question && question.names.length > 0 && (
          <List mb="md" aria-label="What stops">
            {question.names.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'nginx.off.cancelled' })}>
            Cancel
          </Button>
          {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
          <Button color="red.9" onClick={() => actor.send({ type: 'nginx.off.confirmed' })}>
            {M.nginxOffConfirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
