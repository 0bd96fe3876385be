import { Navigate, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
import { TemplateForm } from '@/features/templates/components/template-form';
import { useCan } from '@/lib/authorization';

export function TemplateNewPage() {
  const navigate = useNavigate();
  const canWrite = useCan('catalogue:write');
  // The IVA region sets a new line's rate (issue 37); usually already read by the top bar.
  const branding = useOrganizationBranding(canWrite === true);
  // Templates are written by admin and manager only; everyone else goes back to the grid.
  if (canWrite === false) return <Navigate to={paths.templates} replace />;

  return (
    <>
      <DocumentTitle title="Novo modelo" />
      <PageHeader title="Novo modelo" back={{ to: paths.templates, label: 'Voltar a Modelos' }} />
      <TemplateForm
        vatRegion={branding.data?.vatRegion}
        cancelTo={paths.templates}
        onSuccess={() => navigate(paths.templates)}
      />
    </>
  );
}
