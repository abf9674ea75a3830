/**
 * A list of the managed server view: its rows, their change buttons (a password, SSL settings,
 * aliases), their Delete buttons (with the lock) and the confirmation that names what a deletion
 * loses; a refusal, or the last change's warning (its configuration was not checked).
 */
import { Alert, Badge, Button, Group, Table } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import type { ManagedItem, ManagedItemsActor } from '#machines/managed/items.machine';
import {
  selectDeleteQuestion,
  selectError,
  selectLoadFailed,
  selectRows,
  selectWarning,
} from '#machines/managed/items.selectors';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';

export interface ItemsColumn {
  title: string;
  value: (item: ManagedItem) => ReactNode;
}

export function ItemsList({
  actor,
  label,
  columns,
}: {
  actor: ManagedItemsActor;
  label: string;
  columns: ItemsColumn[];
}) {
  const rows = useSelector(actor, selectRows);
  const failed = useSelector(actor, selectLoadFailed);
  const question = useSelector(actor, selectDeleteQuestion);
  const error = useSelector(actor, selectError);
  const warning = useSelector(actor, selectWarning);
  if (failed) {
    return (
      <LoadFailure
        title={`${label} could not be loaded`}
        message={error}
        onRetry={() => actor.send({ type: 'list.reload.pressed' })}
      />
    );
  }
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {warning && (
        <Alert color="yellow" role="status">
          {warning}
        </Alert>
      )}
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.title}>{column.title}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>None yet</Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column, index) => (
                <Table.Td key={column.title}>
                  {column.value(row.item)}
                  {index === 0 && row.starting && (
                    <Badge ml="xs" color="yellow" autoContrast>
                      {M.starting}
                    </Badge>
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap="xs">
                  {row.edits.map(({ edit, label: name }) => (
                    <Button
                      key={edit}
                      size="xs"
                      variant="light"
                      disabled={row.editDisabled}
                      onClick={() => actor.send({ type: 'item.edit.pressed', id: row.id, edit })}
                    >
                      {name}
                    </Button>
                  ))}
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={row.deleteDisabled}
                    onClick={() => actor.send({ type: 'item.delete.pressed', id: row.id })}
                  >
                    {row.deleteLabel}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
      <ConfirmModal
        question={
          question && {
            title: question.title,
            message: question.loses,
            confirm: 'Delete',
            sending: false,
          }
        }
        cancelLabel="Cancel"
        confirmColor="red.9"
        onCancel={() => actor.send({ type: 'item.delete.cancelled' })}
        onConfirm={() => actor.send({ type: 'item.delete.confirmed' })}
      />
    </>
  );
}
