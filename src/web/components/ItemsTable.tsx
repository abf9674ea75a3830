/**
 * Items with their quantity and amount, under a caption: the signup's order summary and an
 * invoice's lines read alike. The rows are the caller's.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ItemsTable({
  caption,
  testId,
  children,
}: {
  caption: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Table data-testid={testId} verticalSpacing="xs" captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Item</Table.Th>
          <Table.Th scope="col" ta="right">
            Qty
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
