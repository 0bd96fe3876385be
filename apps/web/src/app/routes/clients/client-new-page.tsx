import { can } from '@aceite/shared/permissions';
import { Navigate, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ClientForm } from '@/features/clients/components/client-form';
import { useAuthStore } from '@/lib/auth-store';

export function ClientNewPage() {
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.user?.role);
  // Viewers only read the catalogue.
  if (role !== undefined && !can(role, 'client:write')) return <Navigate to={paths.clients} replace />;

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
