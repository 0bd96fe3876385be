import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ClientsList } from '@/features/clients/components/clients-list';
import { useCan } from '@/lib/authorization';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function ClientsPage() {
  const canCreate = useCan('client:write') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const page = pageFrom(searchParams.get('page'));

  const update = (next: { search?: string; page?: number }, replace: boolean) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.search !== undefined) {
          if (next.search) params.set('search', next.search);
          else params.delete('search');
        }
        if (next.page !== undefined) {
          if (next.page > 1) params.set('page', String(next.page));
          else params.delete('page');
        }
        return params;
      },
      // Typing keeps the scroll position; a new page starts at the top.
      { replace, preventScrollReset: replace },
    );

  return (
    <>
      <DocumentTitle title="Clientes" />
      <PageHeader
        title="Clientes"
        description="As empresas e pessoas a quem envia propostas."
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.clientNew}
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            >
              Novo cliente
            </Button>
          )
        }
      />
      <ClientsList
        search={search}
        page={page}
        canCreate={canCreate}
        // Each keystroke replaces the URL (no history entry per letter); changing page adds one.
        onSearchChange={(value) => update({ search: value, page: 1 }, true)}
        onPageChange={(value) => update({ page: value }, false)}
      />
    </>
  );
}
