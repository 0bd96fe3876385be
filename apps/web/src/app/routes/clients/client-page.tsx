import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useClient } from '@/features/clients/api/get-client';
import { ClientActions } from '@/features/clients/components/client-actions';
import { ClientDetails } from '@/features/clients/components/client-details';
import { ClientLoadError } from '@/features/clients/components/client-load-error';
import { useCan } from '@/lib/authorization';

const BACK = { to: paths.clients, label: 'Voltar a Clientes' };

export function ClientPage() {
  const { id = '' } = useParams();
  const client = useClient(id);
  const canEdit = useCan('client:write') === true;
  const canDelete = useCan('client:delete') === true;
  const canExport = useCan('client:export') === true;

  if (client.isPending) {
    return (
      <>
        <DocumentTitle title="Cliente" />
        <LoadingState label="A carregar cliente…" />
      </>
    );
  }
  if (client.isError) return <ClientLoadError error={client.error} onRetry={() => client.refetch()} />;

  const { data } = client;
  return (
    <>
      <DocumentTitle title={data.name} />
      <PageHeader
        title={data.name}
        description={data.company ?? undefined}
        back={BACK}
        actions={
          <ClientActions client={data} canEdit={canEdit} canDelete={canDelete} canExport={canExport} />
        }
      />
      <ClientDetails client={data} />
    </>
  );
}
