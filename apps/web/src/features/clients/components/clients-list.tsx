import type { Client } from '@aceite/shared/schemas/clients';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadingState } from '@/components/loading-state';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useClients } from '../api/get-clients';

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

const LOAD_ERROR = 'Erro ao carregar clientes';

interface ClientsListProps {
  /** The search text as kept in the URL. */
  search: string;
  page: number;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
  /** Whether the signed-in user may create clients (the empty state offers it). */
  canCreate: boolean;
}

const dash = (value: string | null) => value || '—';

function ClientsTable({ clients }: { clients: Client[] }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Empresa</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Telefone</Table.Th>
            <Table.Th>Cidade</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr
              key={client.id}
              style={{ cursor: 'pointer' }}
              // The name is the keyboard and screen-reader way in; the row click is a larger target for a mouse.
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) return;
                navigate(paths.client(client.id));
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={paths.client(client.id)} fw={600}>
                  {client.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{dash(client.company)}</Table.Td>
              <Table.Td>{client.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(client.phone)}</Table.Td>
              <Table.Td>{dash(client.address.city)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ClientCards({ clients }: { clients: Client[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {clients.map((client) => (
        <li key={client.id}>
          <Card component={Link} to={paths.client(client.id)} withBorder radius="md" padding="md">
            <Text fw={600} c="brand.7">
              {client.name}
            </Text>
            {client.company && (
              <Text size="sm" c="dimmed">
                {client.company}
              </Text>
            )}
            <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
              {client.email}
            </Text>
            {(client.phone || client.address.city) && (
              <Text size="sm" c="dimmed">
                {[client.phone, client.address.city].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** The searchable, paged clients list: a table on wide screens, stacked cards on a phone (spec §2 Clients). */
export function ClientsList({ search, page, onSearchChange, onPageChange, canCreate }: ClientsListProps) {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useClients({ search: debouncedSearch, page });

  const isSearching = debouncedSearch !== '';
  const result = query.data;

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState label="A carregar clientes…" />;
  } else if (query.isError && !result) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={LOAD_ERROR}
        m="md"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error, 'Verifique a ligação e tente novamente.')}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => query.refetch()}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (result && result.data.length === 0 && page > 1) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title="Esta página está vazia"
        description="A lista tem menos páginas do que o endereço indica."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => onPageChange(1)}>
            Ir para a primeira página
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (!result || result.data.length === 0) {
    body = isSearching ? (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title="Nenhum cliente encontrado"
        description="Nenhum cliente corresponde à pesquisa. Experimente outro nome, empresa, email ou NIF."
      />
    ) : (
      <EmptyState
        py="xl"
        icon={<IconUsers size={28} aria-hidden="true" />}
        variant="light"
        title="Ainda não tem clientes"
        description="Registe o primeiro cliente para lhe enviar propostas."
      >
        {canCreate && (
          <EmptyState.Actions>
            <Button component={Link} to={paths.clientNew} leftSection={<IconUserPlus size={18} />}>
              Novo cliente
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  } else {
    body = isWide ? <ClientsTable clients={result.data} /> : <ClientCards clients={result.data} />;
  }
  const showCards = !isWide && !!result && result.data.length > 0;

  const total = result?.pagination.total ?? 0;
  const totalPages = result?.pagination.totalPages ?? 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput
          label="Pesquisar clientes"
          placeholder="Nome, empresa, email ou NIF"
          value={search}
          onChange={onSearchChange}
          searching={query.isFetching && !query.isPending}
          w={{ base: '100%', xs: 360 }}
        />
        {result && (
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {total === 1 ? '1 cliente' : `${total} clientes`}
          </Text>
        )}
      </Group>
      <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {showCards ? (
          body
        ) : (
          <Paper withBorder radius="lg">
            {body}
          </Paper>
        )}
      </Box>
      <ListPagination
        label="Paginação de clientes"
        page={page}
        totalPages={totalPages}
        onChange={onPageChange}
        compact={!isWide}
      />
    </Stack>
  );
}
