/**
 * A server's power buttons (portal.md §4 "Servers"): Start, Stop and Force stop (behind a
 * confirmation), all disabled while an action runs; the power state; the time since shutdown (its
 * seconds in the `datetime` of a `<time>`).
 * Everything comes from the power machine (machines/servers/power.machine.ts).
 */
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { SERVER_MESSAGES, secondsSinceShutdownLabel } from '#shared/servers/messages';
import type { ServerPower } from '#shared/servers/rules';
import type { PowerActor } from '#machines/servers/power.machine';
import {
  selectCanForceStop,
  selectCanStart,
  selectCanStop,
  selectConfirmingForceStop,
  selectPower,
  selectPowerBusy,
  selectPowerError,
  selectPowerFailed,
  selectSecondsSinceShutdown,
} from '#machines/servers/power.selectors';
import { FailureAlert } from './FailureAlert.tsx';

export const POWER_TEXT: Record<ServerPower, string> = {
  running: 'Running',
  stopped: 'Stopped',
  starting: 'Starting',
  stopping: 'Stopping',
  force_stopping: 'Force stopping',
};

export function PowerBadge({ power }: { power: ServerPower | null }) {
  if (power === null) return <Badge variant="default">…</Badge>;
  return (
    <Badge variant="default" data-testid="power-state">
      {POWER_TEXT[power]}
    </Badge>
  );
}

export function PowerControls({ actor, canManage }: { actor: PowerActor; canManage: boolean }) {
  const power = useSelector(actor, selectPower);
  const canStart = useSelector(actor, selectCanStart);
  const canStop = useSelector(actor, selectCanStop);
  const canForceStop = useSelector(actor, selectCanForceStop);
  const confirming = useSelector(actor, selectConfirmingForceStop);
  const busy = useSelector(actor, selectPowerBusy);
  const seconds = useSelector(actor, selectSecondsSinceShutdown);
  const error = useSelector(actor, selectPowerError);
  const failed = useSelector(actor, selectPowerFailed);
  return (
    <Stack gap="sm">
      <Group gap="sm" aria-live="polite">
        <Text fw={600}>Power</Text>
        <PowerBadge power={power} />
        {seconds !== null && (
          <Text
            size="sm"
            component="time"
            dateTime={`PT${seconds}S`}
            data-testid="seconds-since-shutdown"
          >
            {secondsSinceShutdownLabel(seconds)}
          </Text>
        )}
      </Group>
      {canManage && (
        <Group gap="sm">
          <Button
            disabled={!canStart || busy}
            onClick={() => actor.send({ type: 'server.start.pressed' })}
          >
            Start
          </Button>
          <Button
            variant="default"
            disabled={!canStop || busy}
            onClick={() => actor.send({ type: 'server.stop.pressed' })}
          >
            Stop
          </Button>
          <Button
            color="red.9"
            disabled={!canForceStop || busy}
            onClick={() => actor.send({ type: 'server.forcestop.pressed' })}
          >
            Force stop
          </Button>
        </Group>
      )}
      {error !== null && (
        <FailureAlert
          error={error}
          title={SERVER_MESSAGES.powerFailed}
          onReload={failed ? () => actor.send({ type: 'power.reload.pressed' }) : undefined}
        />
      )}
      <Modal
        opened={confirming}
        onClose={() => actor.send({ type: 'server.forcestop.cancelled' })}
        title="Force stop"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{SERVER_MESSAGES.forceStopConfirm}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => actor.send({ type: 'server.forcestop.cancelled' })}
            >
              Cancel
            </Button>
            <Button
              color="red.9"
              onClick={() => actor.send({ type: 'server.forcestop.confirmed' })}
            >
              Force stop now
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
