import { Navigate, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
import { useTemplate } from '@/features/templates/api/get-template';
import { TemplateForm } from '@/features/templates/components/template-form';
import { GlobalTemplateNotice, TemplateLoadError } from '@/features/templates/components/template-load-error';
import { useCan } from '@/lib/authorization';

export function TemplateEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Only a known refusal sends the visitor away (lib/authorization.ts).
  const canWrite = useCan('catalogue:write') !== false;
  const template = useTemplate(id, { enabled: canWrite });
  // The IVA region sets a new line's rate (issue 37); usually already read by the top bar.
  const branding = useOrganizationBranding(canWrite);

  // Templates are written by admin and manager only; everyone else goes back to the grid.
  if (!canWrite) return <Navigate to={paths.templates} replace />;
  if (template.isPending) {
    return (
      <>
        <DocumentTitle title="Editar modelo" />
        <LoadingState label="A carregar modelo…" />
      </>
    );
  }
  if (template.isError)
    return <TemplateLoadError error={template.error} onRetry={() => template.refetch()} />;
  if (template.data.isGlobal) return <GlobalTemplateNotice />;

  return (
    <>
      <DocumentTitle title={`Editar ${template.data.name}`} />
      <PageHeader
        title="Editar modelo"
        description={template.data.name}
        back={{ to: paths.templates, label: 'Voltar a Modelos' }}
      />
      <TemplateForm
        key={template.data.id}
        template={template.data}
        vatRegion={branding.data?.vatRegion}
        cancelTo={paths.templates}
        onSuccess={() => navigate(paths.templates)}
      />
    </>
  );
}
