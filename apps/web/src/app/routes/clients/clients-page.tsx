import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ClientsList } from '@/features/clients/components/clients-list';
import { useCan } from '@/lib/authorization';
import { useListSearchParams } from '@/lib/use-list-search';

export function ClientsPage() {
  const canCreate = useCan('client:write') === true;
  const list = useListSearchParams();

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
        search={list.search}
        page={list.page}
        canCreate={canCreate}
        onSearchChange={list.setSearch}
        onPageChange={list.setPage}
      />
    </>
  );
}
