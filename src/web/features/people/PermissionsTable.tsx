/** The permissions grid: None, View or Manage per category; levels the editor lacks are disabled. */
import { Radio, Table, Text } from '@mantine/core';
import type { PermissionCategory } from '#shared/constants';
import { PEOPLE_TEXT } from '#shared/people/messages';
import type { Level } from '#shared/people/grants';
import type { GridRow } from '#machines/people/grid';

const LEVEL_LABELS: Record<Level, string> = {
  none: 'None',
  view: PEOPLE_TEXT.view,
  manage: PEOPLE_TEXT.manage,
};

interface PermissionsTableProps {
  rows: readonly GridRow[];
  onChoose: (category: PermissionCategory, level: Level) => void;
  disabled?: boolean;
}

export function PermissionsTable({ rows, onChoose, disabled }: PermissionsTableProps) {
  return (
    <Table data-testid="permissions-grid">
      <Table.Caption style={{ color: 'var(--mantine-color-text)' }}>
        {PEOPLE_TEXT.permissions}: a level you do not hold yourself cannot be given or taken away.
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Category</Table.Th>
          {(['none', 'view', 'manage'] as const).map((level) => (
            <Table.Th scope="col" key={level}>
              {LEVEL_LABELS[level]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.category}>
            <Table.Th scope="row">
              <Text size="sm" fw={600}>
                {row.label}
              </Text>
              <Text size="xs">{row.description}</Text>
            </Table.Th>
            {row.options.map((option) => (
              <Table.Td key={option.level}>
                <Radio
                  name={`perm-${row.category}`}
                  aria-label={`${row.label}: ${LEVEL_LABELS[option.level]}`}
                  checked={option.chosen}
                  disabled={disabled || !option.allowed}
                  onChange={() => onChoose(row.category, option.level)}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
