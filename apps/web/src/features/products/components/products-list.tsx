import { formatMoney } from '@aceite/shared/money';
import { type Product, unitLabel } from '@aceite/shared/schemas/products';
import {
  ActionIcon,
  Anchor,
  Button,
  Grid,
  Group,
  NativeSelect,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBan, IconPackage, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActiveBadge } from '@/components/active-badge';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useDeactivateProduct } from '../api/deactivate-product';
import { useProductCategories } from '../api/get-product-categories';
import { useProducts } from '../api/get-products';
import type { ProductListParams, ProductStatusFilter } from '../api/keys';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

/** Descriptions are cut at this many characters in the list (docs/product.md#limits-and-defaults). */
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

interface ProductActions {
  canWrite: boolean;
  onDeactivate: (product: Product) => void;
  pendingId: string | undefined;
}

function productColumns({ canWrite, onDeactivate, pendingId }: ProductActions): ListColumn<Product>[] {
  const columns: ListColumn<Product>[] = [
    {
      header: 'Produto',
      width: 200,
      cell: (product) => <ProductName product={product} canWrite={canWrite} />,
    },
    { header: 'Categoria', cell: (product) => product.category ?? '—' },
    {
      header: 'Descrição',
      width: 260,
      cell: (product) => (
        <Text size="sm" c="dimmed" title={product.description ?? undefined}>
          {cutDescription(product.description) || '—'}
        </Text>
      ),
    },
    { header: 'Preço', align: 'right', cell: (product) => <Price product={product} /> },
    { header: 'Estado', width: 96, cell: (product) => <ActiveBadge isActive={product.isActive} /> },
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      header: 'Ações',
      hideHeader: true,
      cell: (product) => (
        <RowActions product={product} onDeactivate={onDeactivate} pending={pendingId === product.id} />
      ),
    },
  ];
}

function ProductCard({ product, canWrite, onDeactivate, pendingId }: ProductActions & { product: Product }) {
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div>
          <ProductName product={product} canWrite={canWrite} />
        </div>
        <ActiveBadge isActive={product.isActive} />
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
    </>
  );
}

interface ProductsListProps {
  params: ProductListParams;
  onChange: (next: Partial<ProductListParams>) => void;
  /** Admin and manager: edit, deactivate and create. */
  canWrite: boolean;
}

/**
 * The catalogue, filtered by search, category and active state and paged by the server
 * (docs/product.md#products).
 */
export function ProductsList({ params, onChange, canWrite }: ProductsListProps) {
  // Six columns need more room than the other lists' tables.
  const isMobile = useIsMobile('md');
  const debouncedSearch = useDebouncedSearch(params.search);
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

  const actions: ProductActions = {
    canWrite,
    onDeactivate: confirmDeactivate,
    pendingId: deactivate.isPending ? deactivate.variables : undefined,
  };
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
      <ListStates
        query={query}
        rows={result?.data}
        loadingLabel="A carregar produtos…"
        errorTitle="Erro ao carregar produtos"
        page={params.page}
        onFirstPage={() => onChange({ page: 1 })}
        isFiltered={isFiltered}
        filtered={{
          title: 'Nenhum produto encontrado',
          description: 'Nenhum produto corresponde aos filtros escolhidos.',
          actions: (
            <Button variant="default" onClick={() => onChange({ search: '', category: '', status: 'all' })}>
              Limpar filtros
            </Button>
          ),
        }}
        empty={{
          icon: <IconPackage size={28} aria-hidden="true" />,
          title: 'Ainda não há produtos',
          description: 'Os produtos e serviços do catálogo aparecem aqui e podem ser usados nas propostas.',
          actions: canWrite && (
            <Button component={Link} to={paths.productNew} leftSection={<IconPlus size={18} />}>
              Novo produto
            </Button>
          ),
        }}
      >
        {(products) => (
          <ResponsiveList
            rows={products}
            rowKey={(product) => product.id}
            columns={productColumns(actions)}
            card={(product) => <ProductCard product={product} {...actions} />}
            label="Produtos"
            tableLabel="Tabela de produtos"
            minWidth={canWrite ? 860 : 720}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação de produtos"
        page={params.page}
        totalPages={result?.pagination.totalPages ?? 1}
        onChange={(page) => onChange({ page })}
        compact={isMobile}
      />
    </Stack>
  );
}
