/**
 * The server editor (portal.md §2, §5, §9): CPU, memory (GB) and storage (GB) inputs within the
 * bounds, the monthly cost as the values change (the bounds instead while a value is out of
 * them), Save with field errors, a question naming the new monthly cost before a costlier size is
 * sent, and "Server saved" once it is. Rendered from the editor machine
 * (machines/servers/editor.machine.ts).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { SERVER_MESSAGES } from '#shared/servers/messages';
import type { EditorActor } from '#machines/servers/editor.machine';
import {
  selectEditorCostText,
  selectEditorError,
  selectEditorMinDisk,
  selectEditorSaved,
  selectEditorSaving,
  selectEditorValues,
  selectResizeConfirmation,
} from '#machines/servers/editor.selectors';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { SizeFields } from './SizeFields.tsx';

export function ServerEditor({ actor, canManage }: { actor: EditorActor; canManage: boolean }) {
  const values = useSelector(actor, selectEditorValues);
  const costText = useSelector(actor, selectEditorCostText);
  const saving = useSelector(actor, selectEditorSaving);
  const saved = useSelector(actor, selectEditorSaved);
  const minDisk = useSelector(actor, selectEditorMinDisk);
  const question = useSelector(actor, selectResizeConfirmation);
  const errors = useSelector(
    actor,
    (s) => ({
      cpus: selectEditorError(s, 'cpus'),
      memGb: selectEditorError(s, 'memGb'),
      disk: selectEditorError(s, 'disk'),
    }),
    (a, b) => a.cpus === b.cpus && a.memGb === b.memGb && a.disk === b.disk,
  );
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'server.save.pressed' });
      }}
    >
      <SizeFields
        values={values}
        errors={errors}
        minDisk={minDisk}
        disabled={!canManage || saving}
        costText={costText}
        costTestId="server-cost"
        onChange={(field, value) => actor.send({ type: 'server.field.changed', field, value })}
      />
      {canManage ? (
        <Group>
          <Button type="submit" loading={saving}>
            Save
          </Button>
          <Text size="sm" role="status" data-testid="server-saved">
            {saved ? SERVER_MESSAGES.saved : ''}
          </Text>
        </Group>
      ) : (
        // A user who may only view: the size shows, disabled, with the reason (no Save).
        <Text size="sm" data-testid="server-read-only">
          {SERVER_MESSAGES.readOnly}
        </Text>
      )}
      <ConfirmDialog
        opened={question !== null}
        title="Save the new size?"
        question={question ?? ''}
        action="Save the new size"
        danger={false}
        onConfirm={() => actor.send({ type: 'server.resize.confirmed' })}
        onCancel={() => actor.send({ type: 'server.resize.cancelled' })}
      />
    </Stack>
  );
}
