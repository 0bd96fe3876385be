import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/loading-state';
import { errorMessage } from '@/lib/api-client';

/** What a panel needs of its TanStack query (a `UseQueryResult` fits). */
export interface PanelQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The words of a panel's load error. */
export interface PanelErrorCopy {
  /** A bold first line ('Erro ao carregar as chaves de API'); none by default. */
  title?: string;
  /** Shown when the error carries no message of its own, or always when `fixed`. */
  message: string;
  /** The message is shown as it is, whatever the error says. */
  fixed?: boolean;
}

interface PanelStatesProps<T> {
  query: PanelQuery<T>;
  /** 'A carregar comentários…' */
  loadingLabel: string;
  /** A loading state of the panel's own shape (the proposals' skeleton cards), instead of the spinner. */
  loading?: ReactNode;
  error: PanelErrorCopy;
  /** Whether the answer has nothing to show: `empty` shows instead of the children. */
  isEmpty?: (data: T) => boolean;
  /** A text is shown dimmed; any other node as it is. */
  empty?: ReactNode;
  /** The panel's content, given the answer. */
  children: (data: T) => ReactNode;
}

/**
 * Every state of a query-backed panel but its content: loading, a load error with a retry, and nothing to
 * show. The panel's frame (SectionPanel, modal, tab) stays the caller's; `ListStates` is the same for a list
 * screen. As there, a failed refresh keeps the previous answer on screen (docs/decisions.md, issue 36).
 */
export function PanelStates<T>({
  query,
  loadingLabel,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: PanelStatesProps<T>) {
  if (query.isPending) return loading ?? <LoadingState label={loadingLabel} py="md" />;
  if (query.data === undefined) {
    if (!query.isError) return null;
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={error.title}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.fixed ? error.message : errorMessage(query.error, error.message)}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => query.refetch()}
            loading={query.isFetching}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) {
    return typeof empty === 'string' ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      empty
    );
  }
  return children(query.data);
}
