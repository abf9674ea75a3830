/**
 * A bills or payments table: one page of the API's list (`limit`/`offset`, newest first), with
 * Previous and Next, a loading state, an empty state and a clear error with Try again. The rows
 * of the page shown can be sorted by date or amount (column buttons, `aria-sort`). It renders its
 * machine (machines/billing/records-page.machine.ts, owned by the page machine) and tells the page
 * what the person asks for.
 */
import { Anchor, Button, Center, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { PageInfo } from '#shared/billing/schemas';
import { BILLING_STATUS_LABELS } from '#shared/billing/messages';
import type { RecordsPageActor } from '#machines/billing/records-page.machine';
import {
  selectRecords,
  selectRecordsError,
  selectRecordsLoading,
  selectRecordsReloading,
} from '#machines/billing/records-page.selectors';
import { LoadFailure } from '../../components/LoadFailure.tsx';

export type SortKey = 'date' | 'amount';
interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

export interface Column<T> {
  label: string;
  /** The column sorts the rows by this. */
  sort?: SortKey;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

function compare(sort: Sort, date: (row: unknown) => string, amount: (row: unknown) => number) {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return (a: unknown, b: unknown) =>
    sign * (sort.key === 'date' ? date(a).localeCompare(date(b)) : amount(a) - amount(b));
}

interface RecordsTableProps<T, P extends PageInfo> {
  title: string;
  /** The table's records in a loaded page. */
  rows: (page: P) => readonly T[];
  rowKey: (row: T) => number;
  date: (row: T) => string;
  amount: (row: T) => number;
  columns: readonly Column<T>[];
  empty: string;
  /** The table's machine (a child of the page machine: records-page.machine.ts). */
  records: RecordsPageActor<P>;
  /** Previous or Next: the page at this offset. */
  onPage: (offset: number) => void;
  onRetry: () => void;
  testId: string;
}

export function RecordsTable<T, P extends PageInfo>({
  title,
  rows,
  rowKey,
  date,
  amount,
  columns,
  empty,
  records,
  onPage,
  onRetry,
  testId,
}: RecordsTableProps<T, P>) {
  const loading = useSelector(records, selectRecordsLoading<P>);
  const reloading = useSelector(records, selectRecordsReloading<P>);
  const data = useSelector(records, selectRecords<P>);
  const error = useSelector(records, selectRecordsError<P>);
  // The API gives the newest first; the person may sort the page shown another way.
  const [sort, setSort] = useState<Sort>({ key: 'date', direction: 'descending' });
  const sorted = data
    ? [...rows(data)].sort(
        compare(sort, date as (row: unknown) => string, amount as (row: unknown) => number),
      )
    : [];
  const toggle = (key: SortKey) =>
    setSort((current) => ({
      key,
      direction:
        current.key === key && current.direction === 'descending' ? 'ascending' : 'descending',
    }));

  return (
    <>
      {loading && (
        <Center py="md" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <Loader size="sm" aria-hidden />
        </Center>
      )}
      {error !== null && (
        <LoadFailure title={`${title} could not be loaded`} message={error} onRetry={onRetry} />
      )}
      {data && data.total === 0 && <Text>{empty}</Text>}
      {data && data.total > 0 && (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table
              striped
              highlightOnHover
              aria-label={title}
              aria-busy={reloading}
              data-testid={testId}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th
                      key={column.label}
                      scope="col"
                      ta={column.numeric ? 'right' : undefined}
                      aria-sort={
                        column.sort && sort.key === column.sort ? sort.direction : undefined
                      }
                    >
                      {column.sort ? (
                        <UnstyledButton
                          onClick={() => toggle(column.sort!)}
                          fw={700}
                          fz="sm"
                          aria-label={`${column.label}: sort`}
                        >
                          <Group gap={4} wrap="nowrap" component="span">
                            {column.label}
                            {sort.key !== column.sort ? (
                              <IconArrowsSort size={14} aria-hidden />
                            ) : sort.direction === 'ascending' ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : (
                              <IconArrowDown size={14} aria-hidden />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined}>
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm">
              {data.offset + 1}–{Math.min(data.offset + data.limit, data.total)} of {data.total}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={data.offset === 0 || reloading}
                onClick={() => onPage(Math.max(0, data.offset - data.limit))}
                aria-label={`Previous ${title.toLowerCase()}`}
              >
                Previous
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={data.offset + data.limit >= data.total || reloading}
                onClick={() => onPage(data.offset + data.limit)}
                aria-label={`Next ${title.toLowerCase()}`}
              >
                Next
              </Button>
            </Group>
          </Group>
        </>
      )}
    </>
  );
}

/** A link to a bill's or payment's page (/invoice/{endpoint}/{id}). */
export function RecordLink({
  endpoint,
  id,
  children,
}: {
  endpoint: 'bills' | 'payments';
  id: number;
  children: ReactNode;
}) {
  return (
    <Anchor component={Link} to={`/invoice/${endpoint}/${id}/`}>
      {children}
    </Anchor>
  );
}

/** "partially_paid" → "Partially paid". */
/** A bill's or payment's status as the invoice page and the PDF say it. */
export function statusText(status: string): string {
  return BILLING_STATUS_LABELS[status] ?? status;
}
