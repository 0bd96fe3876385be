import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ProposalForm } from '@/features/proposals/components/proposal-form';
import {
  emptyProposalValues,
  templateFromState,
  valuesFromTemplate,
} from '@/features/proposals/components/proposal-form-values';
import { ProposalNotAllowed } from '@/features/proposals/components/proposal-screen-states';
import { useProposalPermissions } from '@/features/proposals/components/use-proposal-permissions';

const TITLE = 'Nova proposta';

/** /proposals/new, blank or prefilled from a template passed in navigation state `{ template }`. */
export function ProposalNewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { canCreate, userId } = useProposalPermissions();
  const template = useMemo(() => templateFromState(location.state), [location.state]);
  const initialValues = useMemo(
    () => (template ? valuesFromTemplate(template, userId ?? null) : emptyProposalValues(userId ?? null)),
    [template, userId],
  );
  const back = { to: paths.proposals(), label: 'Voltar a Propostas' };

  if (!canCreate) {
    return (
      <>
        <DocumentTitle title={TITLE} />
        <ProposalNotAllowed back={back} />
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={TITLE} />
      <PageHeader
        title={TITLE}
        back={back}
        description={template ? `A partir do template «${template.name}».` : undefined}
      />
      <ProposalForm
        key={location.key}
        initialValues={initialValues}
        cancelTo={paths.proposals()}
        // Back from the new proposal's page returns to the list, not to an empty form.
        onSaved={(proposal) => navigate(paths.proposal(proposal.id), { replace: true })}
      />
    </>
  );
}
