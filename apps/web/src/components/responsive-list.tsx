import { Card, Paper, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/** One column of a list's table. */
export interface ListColumn<T> {
  /** The header's text; with `hideHeader`, read by screen readers only (e.g. 'Ações'). */
  header: string;
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'right';
  width?: number;
  maxWidth?: number;
  /** Keeps the cell on one line (names, phone numbers). */
  nowrap?: boolean;
}

interface ResponsiveListProps<T> {
  rows: T[];
  rowKey: (row: T) => string;
  columns: ListColumn<T>[];
  /** The content of one row's card on a phone. */
  card: (row: T) => ReactNode;
  /** Names the cards' list ('Clientes') and the table's scrolling region ('Tabela de clientes'). */
  label: string;
  tableLabel: string;
  /** Below this width the table scrolls sideways inside its region. */
  minWidth: number;
  /** From `useIsMobile`: cards instead of the table. */
  isMobile: boolean;
  /** The row's own page: the whole table row is a larger target for a mouse, the whole card a link. */
  rowHref?: (row: T) => string;
}

/**
 * A list's rows as a table over `columns` on a wide screen, or as stacked cards on a phone (docs/architecture.md,
 * "List screens"). Every list screen renders its rows through it.
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  return props.isMobile ? <ListCards {...props} /> : <ListTable {...props} />;
}

function ListCards<T>({ rows, rowKey, card, label, rowHref }: ResponsiveListProps<T>) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)}>
          {rowHref ? (
            <Card component={Link} to={rowHref(row)} withBorder radius="md" padding="md">
              {card(row)}
            </Card>
          ) : (
            <Card withBorder radius="md" padding="md">
              {card(row)}
            </Card>
          )}
        </li>
      ))}
    </Stack>
  );
}

function ListTable<T>({ rows, rowKey, columns, tableLabel, minWidth, rowHref }: ResponsiveListProps<T>) {
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="lg">
      {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={tableLabel}
        pos="relative"
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} ta={column.align} w={column.width}>
                  {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                style={rowHref ? { cursor: 'pointer' } : undefined}
                // The row's link is the keyboard and screen-reader way in; the row is a larger target for a mouse.
                onClick={
                  rowHref
                    ? (event) => {
                        if ((event.target as HTMLElement).closest('a, button')) return;
                        navigate(rowHref(row));
                      }
                    : undefined
                }
              >
                {columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    ta={column.align}
                    maw={column.maxWidth}
                    style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
