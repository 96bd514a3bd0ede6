import { Stack, Table, type TableTdProps, type TableThProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type Key, type ReactNode } from 'react';

/**
 * Phones get cards instead of tables (below 48em). Read at once, not after the first paint: the
 * list is drawn once its data is there, and a phone must not see the table first.
 */
export const usePhone = () =>
  useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });

export interface TableColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  th?: TableThProps;
  td?: TableTdProps;
}

type TestId = { 'data-testid'?: string };

/** A list as a table on wide screens and as cards on phones (client-area §9, super-admin §9). */
export function TableOrCards<T>({
  items,
  rowKey,
  columns,
  card,
  minWidth,
  rowProps,
  tableProps,
  cardsProps,
}: {
  items: readonly T[];
  rowKey: (item: T) => Key;
  columns: TableColumn<T>[];
  card: (item: T) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  rowProps?: (item: T) => Record<`data-${string}`, string>;
  tableProps?: TestId;
  cardsProps?: TestId;
}) {
  const phone = usePhone();
  if (phone) {
    return (
      <Stack gap="sm" {...cardsProps}>
        {items.map((item) => (
          <Fragment key={rowKey(item)}>{card(item)}</Fragment>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={rowKey(item)} {...rowProps?.(item)}>
              {columns.map((column) => (
                <Table.Td key={column.header} {...column.td}>
                  {column.cell(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
