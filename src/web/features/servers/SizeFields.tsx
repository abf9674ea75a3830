/**
 * CPU, memory (GB) and storage (GB) of a server, and the monthly cost line under them (the price,
 * or the bounds while a value is out of them): the server editor's and the new server form's.
 * What they show comes from their machines' selectors.
 */
import { Group, NumberInput, Text } from '@mantine/core';
import { SERVER_EDITOR } from '#shared/servers/constants';
import type { SizeField, SizeValues } from '#machines/servers/sizes';

const FIELDS: { field: SizeField; label: string; min: number; max: number }[] = [
  { field: 'cpus', label: 'CPU', min: SERVER_EDITOR.cpus.min, max: SERVER_EDITOR.cpus.max },
  {
    field: 'memGb',
    label: 'Memory (GB)',
    min: SERVER_EDITOR.memoryGb.min,
    max: SERVER_EDITOR.memoryGb.max,
  },
  {
    field: 'disk',
    label: 'Storage (GB)',
    min: SERVER_EDITOR.storageGb.min,
    max: SERVER_EDITOR.storageGb.max,
  },
];

export function SizeFields({
  values,
  errors,
  minDisk = 0,
  disabled,
  costText,
  costTestId,
  onChange,
}: {
  values: SizeValues;
  errors: Record<SizeField, string | null>;
  /** The least storage (what the server has). */
  minDisk?: number;
  disabled: boolean;
  costText: string;
  costTestId: string;
  onChange: (field: SizeField, value: number) => void;
}) {
  return (
    <>
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
            disabled={disabled}
            error={errors[field]}
            onChange={(value) => onChange(field, typeof value === 'number' ? value : Number.NaN)}
          />
        ))}
      </Group>
      <Text fw={600} data-testid={costTestId} aria-live="polite">
        {costText}
      </Text>
    </>
  );
}
