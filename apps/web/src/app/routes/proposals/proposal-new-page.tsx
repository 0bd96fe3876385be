import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ProposalForm } from '@/features/proposals/components/proposal-form';
import { templateFromState } from '@/features/proposals/components/proposal-form-values';
import { ProposalNotAllowed } from '@/features/proposals/components/proposal-screen-states';
import { sendOnArrivalState } from '@/features/proposals/components/send-on-arrival';
import { useCan } from '@/lib/authorization';
import { useNewProposalValues } from './use-new-proposal';

const TITLE = 'Nova proposta';

/** /proposals/new, blank or prefilled from a template passed in navigation state `{ template }`. */
export function ProposalNewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const canCreate = useCan('proposal:create');
  const template = useMemo(() => templateFromState(location.state), [location.state]);
  // The organization's validity and IVA region (Settings → Organização), as every new proposal gets them.
  const defaults = useNewProposalValues(canCreate === true);
  const valuesFor = defaults?.valuesFor;
  const initialValues = useMemo(() => valuesFor?.(template) ?? null, [valuesFor, template]);
  const back = { to: paths.proposals(), label: 'Voltar a Propostas' };

  if (canCreate === undefined) return <LoadingState />;
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
        description={template ? `A partir do modelo «${template.name}».` : undefined}
      />
      {!defaults || !initialValues ? (
        <LoadingState label="A preparar a proposta…" />
      ) : (
        <ProposalForm
          key={location.key}
          initialValues={initialValues}
          cancelTo={paths.proposals()}
          vatRegion={defaults.vatRegion}
          // Back from the new proposal's page returns to the list, not to an empty form; 'Guardar e enviar'
          // opens the send dialog there.
          onSaved={(proposal, { send }) =>
            navigate(paths.proposal(proposal.id), { replace: true, state: sendOnArrivalState(send) })
          }
        />
      )}
    </>
  );
}
