import { Navigate, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useClient } from '@/features/clients/api/get-client';
import { ClientForm } from '@/features/clients/components/client-form';
import { ClientLoadError } from '@/features/clients/components/client-load-error';
import { useCan } from '@/lib/authorization';

export function ClientEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Only a known refusal sends the visitor away (lib/authorization.ts).
  const canEdit = useCan('client:write') !== false;
  const client = useClient(id);

  if (!canEdit) return <Navigate to={paths.client(id)} replace />;
  if (client.isPending) {
    return (
      <>
        <DocumentTitle title="Editar cliente" />
        <LoadingState label="A carregar cliente…" />
      </>
    );
  }
  if (client.isError) return <ClientLoadError error={client.error} onRetry={() => client.refetch()} />;

  return (
    <>
      <DocumentTitle title={`Editar ${client.data.name}`} />
      <PageHeader
        title="Editar cliente"
        description={client.data.name}
        back={{ to: paths.client(id), label: 'Voltar ao cliente' }}
      />
      <ClientForm
        key={client.data.id}
        client={client.data}
        cancelTo={paths.client(id)}
        onSuccess={() => navigate(paths.client(id), { replace: true })}
      />
    </>
  );
}
