import { formatMoney } from '@aceite/shared/money';
import { type Product, unitLabel } from '@aceite/shared/schemas/products';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBan,
  IconPackage,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadingState } from '@/components/loading-state';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDeactivateProduct } from '../api/deactivate-product';
import { useProductCategories } from '../api/get-product-categories';
import { useProducts } from '../api/get-products';
import type { ProductListParams, ProductStatusFilter } from '../api/keys';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Descriptions are cut at this many characters in the list (spec §9). */
export const DESCRIPTION_LIMIT = 60;

export function cutDescription(text: string | null, limit = DESCRIPTION_LIMIT): string {
  if (!text) return '';
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

const STATUS_OPTIONS: { value: ProductStatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Ativos' },
  { value: 'inactive', label: 'Inativos' },
];

function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="light" color={isActive ? 'green' : 'gray'} radius="sm">
      {isActive ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

function Price({ product }: { product: Product }) {
  return (
    <Text component="span" size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      <Text component="span" fw={600} inherit>
        {formatMoney(product.price)}
      </Text>
      <Text component="span" c="dimmed" inherit>
        {` / ${unitLabel(product.unit)}`}
      </Text>
    </Text>
  );
}

interface RowActionsProps {
  product: Product;
  onDeactivate: (product: Product) => void;
  pending: boolean;
}

function RowActions({ product, onDeactivate, pending }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Editar">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          component={Link}
          to={paths.productEdit(product.id)}
          aria-label={`Editar ${product.name}`}
        >
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      {product.isActive && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconBan size={16} aria-hidden="true" />}
          onClick={() => onDeactivate(product)}
          loading={pending}
          aria-label={`Desativar ${product.name}`}
        >
          Desativar
        </Button>
      )}
    </Group>
  );
}

interface ProductsViewProps {
  products: Product[];
  canWrite: boolean;
  onDeactivate: (product: Product) => void;
  pendingId: string | undefined;
}

function ProductName({ product, canWrite }: { product: Product; canWrite: boolean }) {
  return (
    <>
      {canWrite ? (
        <Anchor component={Link} to={paths.productEdit(product.id)} fw={600}>
          {product.name}
        </Anchor>
      ) : (
        <Text fw={600} component="span">
          {product.name}
        </Text>
      )}
      {product.sku && (
        <Text size="xs" c="dimmed">
          {product.sku}
        </Text>
      )}
    </>
  );
}

function ProductsTable({ products, canWrite, onDeactivate, pendingId }: ProductsViewProps) {
  return (
    <Table.ScrollContainer minWidth={canWrite ? 860 : 720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Produto</Table.Th>
            <Table.Th>Categoria</Table.Th>
            <Table.Th w={260}>Descrição</Table.Th>
            <Table.Th ta="right">Preço</Table.Th>
            <Table.Th w={96}>Estado</Table.Th>
            {canWrite && (
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td>
                <ProductName product={product} canWrite={canWrite} />
              </Table.Td>
              <Table.Td>{product.category ?? '—'}</Table.Td>
              <Table.Td title={product.description ?? undefined} c="dimmed" fz="sm">
                {cutDescription(product.description) || '—'}
              </Table.Td>
              <Table.Td ta="right">
                <Price product={product} />
              </Table.Td>
              <Table.Td>
                <StatusBadge isActive={product.isActive} />
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <RowActions
                    product={product}
                    onDeactivate={onDeactivate}
                    pending={pendingId === product.id}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProductCards({ products, canWrite, onDeactivate, pendingId }: ProductsViewProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {products.map((product) => (
        <li key={product.id}>
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <div>
                <ProductName product={product} canWrite={canWrite} />
              </div>
              <StatusBadge isActive={product.isActive} />
            </Group>
            {product.description && (
              <Text size="sm" c="dimmed" mt={6}>
                {cutDescription(product.description)}
              </Text>
            )}
            <Group justify="space-between" align="baseline" mt="sm" gap="xs">
              <Price product={product} />
              {product.category && (
                <Text size="xs" c="dimmed">
                  {product.category}
                </Text>
              )}
            </Group>
            {canWrite && (
              <Group grow gap="xs" mt="sm">
                <Button
                  variant="default"
                  size="xs"
                  component={Link}
                  to={paths.productEdit(product.id)}
                  leftSection={<IconPencil size={14} aria-hidden="true" />}
                  aria-label={`Editar ${product.name}`}
                >
                  Editar
                </Button>
                {product.isActive && (
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    onClick={() => onDeactivate(product)}
                    loading={pendingId === product.id}
                    leftSection={<IconBan size={14} aria-hidden="true" />}
                    aria-label={`Desativar ${product.name}`}
                  >
                    Desativar
                  </Button>
                )}
              </Group>
            )}
          </Card>
        </li>
      ))}
    </Stack>
  );
}

interface ProductsListProps {
  params: ProductListParams;
  onChange: (next: Partial<ProductListParams>) => void;
  /** Admin and manager: edit, deactivate and create. */
  canWrite: boolean;
}

/** The catalogue, filtered by search, category and active state and paged by the server (spec §2 Products). */
export function ProductsList({ params, onChange, canWrite }: ProductsListProps) {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  const [debouncedSearch] = useDebouncedValue(params.search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useProducts({ ...params, search: debouncedSearch });
  const categories = useProductCategories();
  const deactivate = useDeactivateProduct();

  const confirmDeactivate = (product: Product) =>
    modals.openConfirmModal({
      title: 'Desativar produto',
      children: (
        <Text size="sm">
          O produto <strong>{product.name}</strong> deixa de ser sugerido em novas propostas. As propostas
          existentes não são alteradas e pode voltar a ativá-lo ao editar o produto.
        </Text>
      ),
      labels: { confirm: 'Desativar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deactivate.mutate(product.id, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'green',
              message: 'Produto desativado',
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'red',
              title: 'Não foi possível desativar',
              message: errorMessage(error, 'Erro ao desativar produto'),
            }),
        }),
    });

  const isFiltered = debouncedSearch !== '' || params.category !== '' || params.status !== 'all';
  const result = query.data;

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState label="A carregar produtos…" />;
  } else if (query.isError && !result) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title="Erro ao carregar produtos"
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
  } else if (result && result.data.length === 0 && params.page > 1) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title="Esta página está vazia"
        description="A lista tem menos páginas do que o endereço indica."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => onChange({ page: 1 })}>
            Ir para a primeira página
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (!result || result.data.length === 0) {
    body = isFiltered ? (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title="Nenhum produto encontrado"
        description="Nenhum produto corresponde aos filtros escolhidos."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => onChange({ search: '', category: '', status: 'all' })}>
            Limpar filtros
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        py="xl"
        icon={<IconPackage size={28} aria-hidden="true" />}
        variant="light"
        title="Ainda não há produtos"
        description="Os produtos e serviços do catálogo aparecem aqui e podem ser usados nas propostas."
      >
        {canWrite && (
          <EmptyState.Actions>
            <Button component={Link} to={paths.productNew} leftSection={<IconPlus size={18} />}>
              Novo produto
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  } else {
    const props = {
      products: result.data,
      canWrite,
      onDeactivate: confirmDeactivate,
      pendingId: deactivate.isPending ? deactivate.variables : undefined,
    };
    body = isWide ? <ProductsTable {...props} /> : <ProductCards {...props} />;
  }
  const showCards = !isWide && !!result && result.data.length > 0;
  const total = result?.pagination.total ?? 0;

  // A category in the URL that no product uses any more is still offered, so the filter shows it.
  const categoryOptions = [...(categories.data ?? [])];
  if (params.category && !categoryOptions.includes(params.category)) categoryOptions.push(params.category);

  return (
    <Stack gap="md">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SearchInput
            label="Pesquisar produtos"
            placeholder="Nome, descrição ou SKU"
            value={params.search}
            onChange={(search) => onChange({ search, page: 1 })}
            searching={query.isFetching && !query.isPending}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select
            label="Categoria"
            placeholder="Todas as categorias"
            data={categoryOptions}
            value={params.category || null}
            onChange={(category) => onChange({ category: category ?? '', page: 1 })}
            clearable
            searchable
            nothingFoundMessage="Nenhuma categoria"
            comboboxProps={{ withinPortal: true }}
            clearButtonProps={{ 'aria-label': 'Limpar categoria' }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NativeSelect
            label="Estado"
            data={STATUS_OPTIONS}
            value={params.status}
            onChange={(event) =>
              onChange({ status: event.currentTarget.value as ProductStatusFilter, page: 1 })
            }
          />
        </Grid.Col>
      </Grid>
      {result && (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {total === 1 ? '1 produto' : `${total} produtos`}
        </Text>
      )}
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
        label="Paginação de produtos"
        page={params.page}
        totalPages={result?.pagination.totalPages ?? 1}
        onChange={(page) => onChange({ page })}
        compact={!isWide}
      />
    </Stack>
  );
}
