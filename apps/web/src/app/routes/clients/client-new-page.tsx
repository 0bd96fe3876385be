import { Navigate, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ClientForm } from '@/features/clients/components/client-form';
import { useCan } from '@/lib/authorization';

export function ClientNewPage() {
  const navigate = useNavigate();
  // Viewers only read the catalogue.
  const canWrite = useCan('client:write');
  if (canWrite === false) return <Navigate to={paths.clients} replace />;

  return (
    <>
      <DocumentTitle title="Novo cliente" />
      <PageHeader title="Novo cliente" back={{ to: paths.clients, label: 'Voltar a Clientes' }} />
      <ClientForm
        cancelTo={paths.clients}
        onSuccess={(client) => navigate(paths.client(client.id), { replace: true })}
      />
    </>
  );
}
