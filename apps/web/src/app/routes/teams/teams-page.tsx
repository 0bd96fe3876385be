import { can } from '@aceite/shared/permissions';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { TeamsTable } from '@/features/teams/components/teams-table';
import { useAuthStore } from '@/lib/auth-store';
import { useListSearchParams } from '@/lib/use-list-search';

export function TeamsPage() {
  const role = useAuthStore((state) => state.user?.role);
  const canWrite = role ? can(role, 'team:write') : false;
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
