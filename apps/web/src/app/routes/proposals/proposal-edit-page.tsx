import { MESSAGES } from '@aceite/shared/messages';
import { isEditable } from '@aceite/shared/proposal-status';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useProposal } from '@/features/proposals/api/get-proposal';
import type { DuplicateNavigationState } from '@/features/proposals/components/duplicate-button';
import { ProposalForm } from '@/features/proposals/components/proposal-form';
import { valuesFromProposal } from '@/features/proposals/components/proposal-form-values';
import {
  ProposalLoadError,
  ProposalLocked,
  ProposalNotAllowed,
} from '@/features/proposals/components/proposal-screen-states';
import { sendOnArrivalState } from '@/features/proposals/components/send-on-arrival';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
import { versionKeys } from '@/features/versions/api/keys';
import { useAuthorization } from '@/lib/authorization';

const TITLE = 'Editar proposta';

/** /proposals/{id}/edit: the editor over the saved proposal. */
export function ProposalEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // A copy just made ('Duplicar') whose IVA rates followed the organization's region says so (issue 37).
  const vatNotice = (useLocation().state as DuplicateNavigationState | null)?.vatNotice;
  const queryClient = useQueryClient();
  const authorization = useAuthorization();
  const { data: proposal, error, isPending, refetch } = useProposal(id);
  // The IVA region (Settings → Organização) sets the rates offered; usually already read by the top bar.
  const branding = useOrganizationBranding(true);
  const back = { to: paths.proposal(id), label: 'Voltar à proposta' };

  if (isPending) return <LoadingState label="A carregar proposta…" />;
  if (error || !proposal) {
    return (
      <>
        <DocumentTitle title={MESSAGES.proposalNotFound} />
        <ProposalLoadError error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  const mayManage = authorization.canManageProposal(proposal.ownerId);
  if (mayManage === undefined) return <LoadingState label="A carregar proposta…" />;
  if (!mayManage) {
    return (
      <>
        <DocumentTitle title={TITLE} />
        <ProposalNotAllowed back={back} />
      </>
    );
  }
  if (!isEditable(proposal.status)) {
    return (
      <>
        <DocumentTitle title={TITLE} />
        <ProposalLocked back={back} cancelled={proposal.status === 'cancelled'} />
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={`${TITLE}: ${proposal.title}`} />
      <PageHeader title={TITLE} description={`${proposal.number} · ${proposal.title}`} back={back} />
      {vatNotice && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} mb="lg">
          {vatNotice}
        </Alert>
      )}
      <ProposalForm
        key={proposal.id}
        proposalId={proposal.id}
        // Read once, when the form mounts: a background refetch never overwrites what is being typed.
        initialValues={valuesFromProposal(proposal)}
        initialClient={proposal.client}
        initialOwner={proposal.owner}
        cancelTo={paths.proposal(proposal.id)}
        vatRegion={branding.data?.vatRegion}
        onSaved={(saved, { send }) => {
          // Saving a proposal the client has seen adds versions: the detail's list must show them.
          void queryClient.invalidateQueries({ queryKey: versionKeys.list(saved.id) });
          navigate(paths.proposal(saved.id), { replace: true, state: sendOnArrivalState(send) });
        }}
      />
    </>
  );
}
