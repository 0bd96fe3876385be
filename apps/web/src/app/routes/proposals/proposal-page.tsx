import { MESSAGES } from '@aceite/shared/messages';
import {
  isActionable,
  isAnswered,
  isCancellable,
  isClosedToClient,
  isEditable,
  isWon,
  maySendToClient,
  shownStatus,
} from '@aceite/shared/proposal-status';
import { describeRejection } from '@aceite/shared/rejection-reasons';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBan,
  IconCircleCheck,
  IconCircleX,
  IconPencil,
  IconSignature,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { paths } from '@/config/paths';
import { useApproval } from '@/features/proposals/api/get-approval';
import { useProposal } from '@/features/proposals/api/get-proposal';
import { AnswerVerificationNote } from '@/features/proposals/components/answer-verification-note';
import { ApprovalPanel, approvalBlockReason } from '@/features/proposals/components/approval-panel';
import { CancelProposalButton } from '@/features/proposals/components/cancel-proposal-button';
import { ChangeRecipientButton } from '@/features/proposals/components/change-recipient-button';
import { ChosenConfigurationPanel } from '@/features/proposals/components/chosen-configuration-panel';
import { CopyPublicLinkButton } from '@/features/proposals/components/copy-public-link-button';
import { DownloadPdfButton } from '@/features/proposals/components/download-pdf-button';
import { DuplicateButton } from '@/features/proposals/components/duplicate-button';
import { ProposalDetail } from '@/features/proposals/components/proposal-detail';
import { ProposalLoadError } from '@/features/proposals/components/proposal-screen-states';
import { ReissueButton } from '@/features/proposals/components/reissue-button';
import { ReissueChangesPanel } from '@/features/proposals/components/reissue-changes-panel';
import { SealedPdfButton } from '@/features/proposals/components/sealed-pdf-button';
import { SendProposalButton, wantsSendOnArrival } from '@/features/proposals/components/send-proposal-button';
import { SignaturePanel } from '@/features/proposals/components/signature-panel';
import { useConfirmDeleteProposal } from '@/features/proposals/components/use-confirm-delete-proposal';
import { versionKeys } from '@/features/versions/api/keys';
import { useAuthorization } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';

// The panels below the proposal load after it, each with its own data (docs/architecture.md#budgets): the page's
// first load stays within the route budget however many panels the page gains.
const AttachmentsPanel = lazy(async () => ({
  default: (await import('@/features/attachments/components/attachments-panel')).AttachmentsPanel,
}));
const CommentsPanel = lazy(async () => ({
  default: (await import('@/features/comments/components/comments-panel')).CommentsPanel,
}));
const ClientMessagesPanel = lazy(async () => ({
  default: (await import('@/features/proposals/components/client-messages-panel')).ClientMessagesPanel,
}));
const EvidencePanel = lazy(async () => ({
  default: (await import('@/features/proposals/components/evidence-panel')).EvidencePanel,
}));
const ReadingPanel = lazy(async () => ({
  default: (await import('@/features/proposals/components/reading-panel')).ReadingPanel,
}));
const VersionsPanel = lazy(async () => ({
  default: (await import('@/features/versions/components/versions-panel')).VersionsPanel,
}));

/** /proposals/{id}: the proposal as the team sees it, with its actions (docs/product.md#proposal-screens). */
export function ProposalPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const authorization = useAuthorization();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDeleteProposal();
  const { data: proposal, error, isPending, refetch } = useProposal(id);
  // Sending and the public link wait for approval when the organization's policy says so (docs/product.md#approvals).
  const approval = useApproval(id);
  const blockedReason = approvalBlockReason(approval.data);
  // 'Guardar e enviar' in the editor (issue 37): the send dialog opens once the approval state after the save is
  // known (a save may put the proposal under approval).
  const location = useLocation();
  const sendOnArrival = wantsSendOnArrival(location.state) && approval.isFetched && !approval.isFetching;

  if (isPending) return <LoadingState label="A carregar proposta…" />;
  if (error || !proposal) {
    return (
      <>
        <DocumentTitle title={MESSAGES.proposalNotFound} />
        <ProposalLoadError error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  // Actions show only once the user is known to be allowed (lib/authorization.ts).
  const mayManage = authorization.canManageProposal(proposal.ownerId) === true;
  const answered = isAnswered(proposal.status);
  const client = proposal.client;

  return (
    <>
      <DocumentTitle title={proposal.title} />
      <PageHeader
        title={proposal.title}
        back={{ to: paths.proposals(), label: 'Voltar a Propostas' }}
        description={
          <Group component="span" gap="xs" wrap="wrap">
            <ProposalStatusBadge inline status={shownStatus(proposal)} />
            <span data-testid="proposal-number">{proposal.number}</span>
            <span>{client ? [client.name, client.company].filter(Boolean).join(' · ') : 'Sem cliente'}</span>
          </Group>
        }
        actions={
          <>
            {/* A cancelled proposal reaches the client no more: no sending, no link, no editing (issue 37). */}
            {mayManage && !answered && maySendToClient(proposal) && (
              <SendProposalButton
                proposal={proposal}
                blockedReason={blockedReason}
                openOnArrival={sendOnArrival}
                onOpenedOnArrival={() => navigate(location.pathname, { replace: true, state: null })}
                onSent={() => void queryClient.invalidateQueries({ queryKey: versionKeys.list(proposal.id) })}
              />
            )}
            {proposal.publicToken && !blockedReason && maySendToClient(proposal) && (
              <CopyPublicLinkButton publicToken={proposal.publicToken} />
            )}
            <DownloadPdfButton proposal={proposal} />
            {proposal.acceptedAt && <SealedPdfButton proposal={proposal} />}
            {mayManage && isEditable(proposal.status) && (
              <Button
                component={Link}
                to={paths.proposalEdit(proposal.id)}
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden="true" />}
              >
                Editar
              </Button>
            )}
            {mayManage && isWon(proposal.status) && <ReissueButton proposal={proposal} />}
            {authorization.canCancelProposal(proposal.ownerId) === true && isCancellable(proposal.status) && (
              <CancelProposalButton proposal={proposal} />
            )}
            {authorization.can('proposal:create') === true && <DuplicateButton proposal={proposal} />}
            {authorization.canDeleteProposal(proposal.ownerId, proposal.status) === true && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden="true" />}
                onClick={() =>
                  confirmDelete(proposal, { onDeleted: () => navigate(paths.proposals(), { replace: true }) })
                }
              >
                Eliminar
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        {proposal.signedAt && (
          <Alert color="green" variant="light" icon={<IconSignature aria-hidden="true" />}>
            Assinada pelo cliente em {formatDateTime(proposal.signedAt)}. {MESSAGES.proposalLocked}.
          </Alert>
        )}
        <SignaturePanel proposal={proposal} />
        <ChosenConfigurationPanel proposal={proposal} />
        {proposal.acceptedAt && !proposal.signedAt && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
            Aceite pelo cliente em {formatDateTime(proposal.acceptedAt)}. {MESSAGES.proposalLocked}.
          </Alert>
        )}
        {proposal.rejectedAt && (
          <Alert color="red" variant="light" icon={<IconCircleX aria-hidden="true" />}>
            <Stack gap={6}>
              <Text size="sm">
                Rejeitada pelo cliente em {formatDateTime(proposal.rejectedAt)}. {MESSAGES.proposalLocked}.
              </Text>
              {describeRejection(proposal.rejectionReasonCode, proposal.rejectionReason) ? (
                <div>
                  <Text size="sm" fw={600}>
                    Motivo indicado pelo cliente
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {describeRejection(proposal.rejectionReasonCode, proposal.rejectionReason)}
                  </Text>
                </div>
              ) : (
                <Text size="sm">O cliente não indicou o motivo.</Text>
              )}
            </Stack>
          </Alert>
        )}
        {proposal.cancelledAt && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconBan aria-hidden="true" />}
            title="Proposta cancelada"
          >
            <Text size="sm">
              Cancelada em {formatDateTime(proposal.cancelledAt)}. O link público já não funciona.
            </Text>
            <Text size="sm">{MESSAGES.proposalCancelledNoSend}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Motivo: {proposal.cancellationReason}
            </Text>
          </Alert>
        )}
        <ApprovalPanel proposalId={proposal.id} />
        <AnswerVerificationNote proposal={proposal} />
        {proposal.reissuedFromId && <ReissueChangesPanel proposal={proposal} />}
        <ProposalDetail
          proposal={proposal}
          recipientAction={
            authorization.canChangeRecipient(proposal.ownerId) === true && isActionable(proposal.status) ? (
              <ChangeRecipientButton proposal={proposal} />
            ) : null
          }
        />
        <Suspense fallback={<LoadingState label="A carregar…" />}>
          <ReadingPanel proposalId={proposal.id} />
          <ClientMessagesPanel
            proposalId={proposal.id}
            canAnswer={
              authorization.canAnswerClientMessage(proposal.ownerId) === true && !isClosedToClient(proposal)
            }
          />
          <EvidencePanel proposalId={proposal.id} />
          <VersionsPanel proposalId={proposal.id} canCreate={mayManage} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <AttachmentsPanel
              proposalId={proposal.id}
              canAttach={mayManage}
              canDelete={(attachment) => authorization.canDeleteAttachment(attachment.uploadedBy) === true}
            />
            <CommentsPanel
              proposalId={proposal.id}
              canEdit={(comment) => authorization.canEditComment(comment.userId) === true}
              canComment={authorization.can('comment:create') === true}
            />
          </SimpleGrid>
        </Suspense>
      </Stack>
    </>
  );
}
