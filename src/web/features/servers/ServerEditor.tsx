/**
 * The server editor (portal.md §2, §5, §9): CPU, memory (GB) and storage (GB) inputs within the
 * bounds, the monthly cost as the values change, Save with field errors. Rendered from the editor
 * machine (machines/servers/editor.machine.ts).
 */
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { SERVER_EDITOR } from '#shared/constants';
import { formatDollars } from '#shared/cart/money';
import { monthlyCostLabel } from '#shared/messages/servers';
import type { EditorActor, EditorField } from '#machines/servers/editor.machine';
import {
  selectEditorCost,
  selectEditorError,
  selectEditorMinDisk,
  selectEditorSaving,
  selectEditorValues,
} from '#machines/servers/editor.selectors';

const FIELDS: { field: EditorField; label: string; min: number; max: number; unit: string }[] = [
  {
    field: 'cpus',
    label: 'CPU',
    min: SERVER_EDITOR.cpus.min,
    max: SERVER_EDITOR.cpus.max,
    unit: '',
  },
  {
    field: 'memGb',
    label: 'Memory (GB)',
    min: SERVER_EDITOR.memoryGb.min,
    max: SERVER_EDITOR.memoryGb.max,
    unit: 'GB',
  },
  {
    field: 'disk',
    label: 'Storage (GB)',
    min: SERVER_EDITOR.storageGb.min,
    max: SERVER_EDITOR.storageGb.max,
    unit: 'GB',
  },
];

export function ServerEditor({ actor, canManage }: { actor: EditorActor; canManage: boolean }) {
  const values = useSelector(actor, selectEditorValues);
  const cost = useSelector(actor, selectEditorCost);
  const saving = useSelector(actor, selectEditorSaving);
  const minDisk = useSelector(actor, selectEditorMinDisk);
  const errors = useSelector(actor, (s) => ({
    cpus: selectEditorError(s, 'cpus'),
    memGb: selectEditorError(s, 'memGb'),
    disk: selectEditorError(s, 'disk'),
  }));
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'server.save.pressed' });
      }}
    >
      <Group align="flex-start" grow>
        {FIELDS.map(({ field, label, min, max }) => (
          <NumberInput
            key={field}
            label={label}
            value={values[field]}
            min={field === 'disk' ? Math.max(min, minDisk) : min}
            max={max}
            allowDecimal={false}
            clampBehavior="none"
            disabled={!canManage || saving}
            error={errors[field]}
            onChange={(value) =>
              actor.send({
                type: 'server.field.changed',
                field,
                value: typeof value === 'number' ? value : Number.NaN,
              })
            }
          />
        ))}
      </Group>
      <Text fw={600} data-testid="server-cost" aria-live="polite">
        {cost === null ? '—' : monthlyCostLabel(formatDollars(cost))}
      </Text>
      {canManage && (
        <Group>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
