import type { Client } from '@aceite/shared/schemas/clients';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useClients } from '../api/get-clients';

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

const COLUMNS: ListColumn<Client>[] = [
  {
    header: 'Nome',
    nowrap: true,
    cell: (client) => (
      <Anchor component={Link} to={paths.client(client.id)} fw={600}>
        {client.name}
      </Anchor>
    ),
  },
  { header: 'Empresa', cell: (client) => dash(client.company) },
  { header: 'Email', cell: (client) => client.email },
  { header: 'Telefone', nowrap: true, cell: (client) => dash(client.phone) },
  // docs/product.md#tax-ids
  { header: 'NIF', nowrap: true, cell: (client) => dash(client.taxId) },
  { header: 'Cidade', cell: (client) => dash(client.address.city) },
];

function ClientCard({ client }: { client: Client }) {
  return (
    <>
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
      {(client.phone || client.address.city || client.taxId) && (
        <Text size="sm" c="dimmed">
          {[client.phone, client.address.city, client.taxId && `NIF ${client.taxId}`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </>
  );
}

/**
 * The searchable, paged clients list: a table on wide screens, stacked cards on a phone
 * (docs/product.md#clients).
 */
export function ClientsList({ search, page, onSearchChange, onPageChange, canCreate }: ClientsListProps) {
  const isMobile = useIsMobile();
  const debouncedSearch = useDebouncedSearch(search);
  const query = useClients({ search: debouncedSearch, page });
  const result = query.data;
  const total = result?.pagination.total ?? 0;

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
      <ListStates
        query={query}
        rows={result?.data}
        loadingLabel="A carregar clientes…"
        errorTitle="Erro ao carregar clientes"
        page={page}
        onFirstPage={() => onPageChange(1)}
        isFiltered={debouncedSearch !== ''}
        filtered={{
          title: 'Nenhum cliente encontrado',
          description:
            'Nenhum cliente corresponde à pesquisa. Experimente outro nome, empresa, email ou NIF.',
        }}
        empty={{
          icon: <IconUsers size={28} aria-hidden="true" />,
          title: 'Ainda não tem clientes',
          description: 'Registe o primeiro cliente para lhe enviar propostas.',
          actions: canCreate && (
            <Button component={Link} to={paths.clientNew} leftSection={<IconUserPlus size={18} />}>
              Novo cliente
            </Button>
          ),
        }}
      >
        {(clients) => (
          <ResponsiveList
            rows={clients}
            rowKey={(client) => client.id}
            columns={COLUMNS}
            card={(client) => <ClientCard client={client} />}
            rowHref={(client) => paths.client(client.id)}
            label="Clientes"
            tableLabel="Tabela de clientes"
            minWidth={720}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação de clientes"
        page={page}
        totalPages={result?.pagination.totalPages ?? 1}
        onChange={onPageChange}
        compact={isMobile}
      />
    </Stack>
  );
}
