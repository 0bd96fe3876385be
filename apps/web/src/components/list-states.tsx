import { Alert, Box, Button, EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/loading-state';
import { errorMessage } from '@/lib/api-client';

/** What a list needs of its TanStack query (a `UseQueryResult` fits). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The words (and, for the plain empty list, the icon and the way to add the first row) of an empty state. */
export interface EmptyCopy {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Buttons under the text, e.g. 'Limpar filtros' or 'Novo cliente'. */
  actions?: ReactNode;
}

interface ListStatesProps<T> {
  query: ListQuery;
  /** The rows of the current answer; undefined while there is none. */
  rows: T[] | undefined;
  /** 'A carregar clientes…' */
  loadingLabel: string;
  /** 'Erro ao carregar clientes' */
  errorTitle: string;
  /** Paged lists: the page the URL asks for, and the way back to the first (the 'empty page' state). */
  page?: number;
  onFirstPage?: () => void;
  /** Whether a search or a filter narrowed the list: `filtered` shows instead of `empty`. */
  isFiltered?: boolean;
  filtered?: EmptyCopy;
  empty: EmptyCopy;
  /** The list itself, given the rows (never empty). */
  children: (rows: T[]) => ReactNode;
}

/**
 * Every state of a list screen but the list itself: loading, a load error with a retry, an empty page N (the
 * URL asks for a page past the end), nothing matching the search or filters, nothing at all. While a new search
 * or page loads, the previous rows stay on screen, dimmed; a failed refresh keeps them too.
 */
export function ListStates<T>({
  query,
  rows,
  loadingLabel,
  errorTitle,
  page = 1,
  onFirstPage,
  isFiltered = false,
  filtered,
  empty,
  children,
}: ListStatesProps<T>) {
  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState label={loadingLabel} />;
  } else if (query.isError && !rows) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={errorTitle}
        m="md"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error, 'Verifique a ligação e tente novamente.')}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => query.refetch()}
            loading={query.isFetching}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows && rows.length === 0 && page > 1 && onFirstPage) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title="Esta página está vazia"
        description="A lista tem menos páginas do que o endereço indica."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={onFirstPage}>
            Ir para a primeira página
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (!rows || rows.length === 0) {
    const copy = isFiltered && filtered ? filtered : empty;
    body = (
      <EmptyState
        py="xl"
        icon={copy.icon ?? <IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title={copy.title}
        description={copy.description}
      >
        {copy.actions && <EmptyState.Actions>{copy.actions}</EmptyState.Actions>}
      </EmptyState>
    );
  }

  return (
    // Dimmed while the next page loads, and said to be so: a screen reader (and the browser tests' accessibility
    // check, which waits for it) knows these rows are about to change.
    <Box
      aria-busy={query.isPlaceholderData || undefined}
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {body === undefined && rows ? (
        children(rows)
      ) : (
        <Paper withBorder radius="lg">
          {body}
        </Paper>
      )}
    </Box>
  );
}
