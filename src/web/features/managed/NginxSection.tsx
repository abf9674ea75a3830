/** The web server switch (machines/managed/nginx.machine.ts): on, turning off, off, turning on, failed. */
import { Alert, Button, Stack, Switch } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MANAGED_MESSAGES as M } from '#shared/messages/managed';
import { nginxMachine } from '#machines/managed/nginx.machine';
import {
  selectNginxFailed,
  selectSwitchBusy,
  selectSwitchEnabled,
  selectSwitchOn,
} from '#machines/managed/nginx.selectors';
import type { ManagedApi } from './api.ts';

export function NginxSection({ calls }: { calls: ManagedApi }) {
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
  return (
    <Stack>
      <Switch
        label={on ? M.nginxOn : M.nginxOff}
        checked={on}
        disabled={!enabled}
        aria-busy={busy}
        onChange={() => actor.send({ type: 'nginx.switch.toggled' })}
      />
      {failed && (
        <Alert color="red" role="alert" title={M.nginxFailed}>
          {failed}
          <Button size="xs" ml="sm" onClick={() => actor.send({ type: 'nginx.reload.pressed' })}>
            Try again
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
