import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import type { ProductListParams, ProductStatusFilter } from '@/features/products/api/keys';
import { ProductsList } from '@/features/products/components/products-list';
import { useCan } from '@/lib/authorization';
import { pageFromParam } from '@/lib/use-list-search';

const STATUSES: readonly ProductStatusFilter[] = ['all', 'active', 'inactive'];

function paramsFrom(search: URLSearchParams): ProductListParams {
  const status = search.get('status') as ProductStatusFilter | null;
  return {
    search: search.get('search') ?? '',
    category: search.get('category') ?? '',
    status: status && STATUSES.includes(status) ? status : 'all',
    page: pageFromParam(search.get('page')),
  };
}

export function ProductsPage() {
  const canWrite = useCan('catalogue:write') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = paramsFrom(searchParams);

  const change = (next: Partial<ProductListParams>) => {
    const merged = { ...params, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('search', merged.search);
    if (merged.category) query.set('category', merged.category);
    if (merged.status !== 'all') query.set('status', merged.status);
    if (merged.page > 1) query.set('page', String(merged.page));
    // Typing replaces the URL (no history entry per letter); filters and pages add one.
    const typing = Object.keys(next).every((key) => key === 'search' || key === 'page') && 'search' in next;
    // A new page starts at the top; filtering keeps the scroll position.
    const paging = Object.keys(next).length === 1 && 'page' in next;
    setSearchParams(query, { replace: typing, preventScrollReset: !paging });
  };

  return (
    <>
      <DocumentTitle title="Produtos" />
      <PageHeader
        title="Produtos"
        description="Os produtos e serviços que pode incluir nas propostas."
        actions={
          canWrite && (
            <Button
              component={Link}
              to={paths.productNew}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              Novo produto
            </Button>
          )
        }
      />
      <ProductsList params={params} onChange={change} canWrite={canWrite} />
    </>
  );
}
