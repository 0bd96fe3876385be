import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { TeamsTable } from '@/features/teams/components/teams-table';
import { useCan } from '@/lib/authorization';
import { useListSearchParams } from '@/lib/use-list-search';

export function TeamsPage() {
  const canWrite = useCan('team:write') === true;
  const list = useListSearchParams();
  return (
    <>
      <DocumentTitle title="Equipas" />
      <PageHeader
        title="Equipas"
        description="Agrupe os utilizadores e acompanhe o trabalho de cada equipa."
        actions={
          canWrite && (
            <Button
              component={Link}
              to={paths.teamNew}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              Nova Equipa
            </Button>
          )
        }
      />
      <TeamsTable search={list.search} onSearchChange={list.setSearch} canWrite={canWrite} />
    </>
  );
}
