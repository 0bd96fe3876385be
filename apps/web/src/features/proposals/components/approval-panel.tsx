import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import {
  type ApprovalEvent,
  ApprovalRequestInputSchema,
  ApprovalReturnInputSchema,
  type ProposalApproval,
} from '@aceite/shared/schemas/approvals';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconClockHour4, IconSend } from '@tabler/icons-react';
import { z } from 'zod';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAnswerApproval } from '../api/answer-approval';
import { useApproval } from '../api/get-approval';
import { CLOSE_BUTTON_PROPS } from './modal-labels';

// Where the callers found it before it moved to a module of its own (route budget).
export { approvalBlockReason } from './approval-block-reason';

const ACTION_LABELS: Record<ApprovalEvent['action'], string> = {
  requested: 'Aprovação pedida',
  approved: 'Aprovada',
  returned: 'Devolvida',
  reset: 'De volta a rascunho: o preço ou o desconto mudou',
  reopened: 'Aprovação reaberta',
  handed_over: 'Entregue a outro responsável',
};

/** The totals the client may choose, as the policy reads them (its largest): "De 12,30 € a 1 230 012,30 €". */
export function totalRangeText(range: ProposalApproval['totalRange']): string {
  return range.min === range.max
    ? formatMoney(range.max)
    : `De ${formatMoney(range.min)} a ${formatMoney(range.max)}`;
}

const ERROR = 'Não foi possível concluir o pedido';
const ReturnFormSchema = z.object({ text: ApprovalReturnInputSchema.shape.comment });
const RequestFormSchema = z.object({ text: ApprovalRequestInputSchema.shape.note });

function NoteForm({
  label,
  description,
  required,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
}: {
  label: string;
  description: string;
  required: boolean;
  submitLabel: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  // The server's own rules: a return's comment is required, a request's note optional; both ≤ 2000.
  const form = useForm({
    initialValues: { text: '' },
    validate: schemaResolver(required ? ReturnFormSchema : RequestFormSchema, { sync: true }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.text.trim()))}>
      <Stack gap="sm">
        <Textarea
          label={label}
          description={description}
          required={required}
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Which rule of the policy the proposal meets, and who may approve it, by name (issue 37). */
function ApprovalWhy({ approval }: { approval: ProposalApproval }) {
  return (
    <>
      {approval.reasons.map((reason) => (
        <Text size="sm" key={reason.rule}>
          {reason.text}
        </Text>
      ))}
      <Text size="sm">
        {approval.approvers.length > 0
          ? `Quem pode aprovar: ${approval.approvers.map((a) => a.name).join(', ')}.`
          : 'Ninguém na organização pode aprovar esta proposta: peça a um administrador que reveja as equipas.'}
      </Text>
    </>
  );
}

/**
 * 'Aprovação' on the proposal's detail (docs/product.md#approvals): why sending is blocked or the client waits
 * (approval re-opened after sending), the range of totals the client may choose, the comment of the latest return, 'Pedir aprovação' / 'Aprovar' / 'Devolver' for whoever may, and the history. Nothing when the
 * organization's policy never touched this proposal.
 */
export function ApprovalPanel({ proposalId }: { proposalId: string }) {
  const { data: approval } = useApproval(proposalId);
  const answer = useAnswerApproval();
  const [asking, ask] = useDisclosure(false);
  const [returning, giveBack] = useDisclosure(false);

  if (!approval) return null;
  if (!approval.required && approval.history.length === 0 && !approval.canApprove) return null;

  const run = (step: Parameters<typeof answer.mutate>[0], done: string, onDone?: () => void) =>
    answer.mutate(step, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: done });
        onDone?.();
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: ERROR, message: errorMessage(error, ERROR) }),
    });

  const actions = (
    <Group gap="xs">
      {approval.canRequest && (
        <Button size="xs" leftSection={<IconSend size={16} aria-hidden="true" />} onClick={ask.open}>
          Pedir aprovação
        </Button>
      )}
      {approval.canApprove && (
        <>
          <Button
            size="xs"
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            loading={answer.isPending && answer.variables?.step === 'approve'}
            onClick={() => run({ id: proposalId, step: 'approve' }, 'Proposta aprovada.')}
          >
            Aprovar
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            onClick={giveBack.open}
          >
            Devolver
          </Button>
        </>
      )}
    </Group>
  );

  return (
    <SectionPanel title="Aprovação" actions={actions}>
      <Stack gap="sm">
        {approval.lastReturn && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconArrowBackUp aria-hidden="true" />}
            title="Devolvida"
          >
            <Text size="sm">
              {approval.lastReturn.actorName ?? 'Um aprovador'} devolveu a proposta em{' '}
              {formatDateTime(approval.lastReturn.createdAt)}:
            </Text>
            <Text size="sm" fw={500} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {approval.lastReturn.note}
            </Text>
          </Alert>
        )}
        {approval.reopened ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconClockHour4 aria-hidden="true" />}
            title="Em revisão"
          >
            <Text size="sm">
              Alterada depois de enviada ao cliente: precisa de nova aprovação. Até lá o cliente vê a proposta
              em revisão e não a pode aceitar, assinar nem rejeitar.
            </Text>
          </Alert>
        ) : approval.status === 'in_review' ? (
          <Alert color="yellow" variant="light" icon={<IconClockHour4 aria-hidden="true" />}>
            <Text size="sm">
              À espera de aprovação de um gestor da equipa do responsável ou de um administrador.
            </Text>
            <ApprovalWhy approval={approval} />
          </Alert>
        ) : approval.blocksSending ? (
          <Alert color="yellow" variant="light" icon={<IconClockHour4 aria-hidden="true" />}>
            <Text size="sm">
              {MESSAGES.approvalRequired}{' '}
              {approval.reasons.length === 0 &&
                'O valor ou o desconto atinge o limite definido pela organização.'}
            </Text>
            <ApprovalWhy approval={approval} />
          </Alert>
        ) : approval.status === 'approved' ? (
          <Text size="sm">Aprovada: já pode ser enviada ao cliente.</Text>
        ) : null}
        {(approval.required || approval.reopened) && (
          <Text size="sm">
            Total que o cliente pode escolher:{' '}
            <Text span size="sm" fw={500}>
              {totalRangeText(approval.totalRange)}
            </Text>
          </Text>
        )}
        {approval.history.length > 0 && (
          <List spacing={4} size="sm" listStyleType="none" aria-label="Histórico de aprovação">
            {approval.history.map((event) => (
              <List.Item key={event.id}>
                <Text size="sm" span fw={500}>
                  {ACTION_LABELS[event.action]}
                </Text>
                <Text size="sm" span c="dimmed">
                  {' · '}
                  {formatDateTime(event.createdAt)}
                  {event.actorName ? ` · ${event.actorName}` : ''}
                </Text>
                {event.note && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    «{event.note}»
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>

      <Modal
        opened={asking}
        onClose={ask.close}
        title="Pedir aprovação"
        centered
        closeButtonProps={CLOSE_BUTTON_PROPS}
      >
        <NoteForm
          label="Nota para quem aprova"
          description="Opcional: o contexto que ajuda a decidir."
          required={false}
          submitLabel="Pedir aprovação"
          pending={answer.isPending}
          onCancel={ask.close}
          onSubmit={(note) => run({ id: proposalId, step: 'request', note }, 'Aprovação pedida.', ask.close)}
        />
      </Modal>
      <Modal
        opened={returning}
        onClose={giveBack.close}
        title="Devolver proposta"
        centered
        closeButtonProps={CLOSE_BUTTON_PROPS}
      >
        <NoteForm
          label="O que deve ser alterado"
          description="O responsável vê este comentário na proposta."
          required
          submitLabel="Devolver"
          pending={answer.isPending}
          onCancel={giveBack.close}
          onSubmit={(comment) =>
            run({ id: proposalId, step: 'return', comment }, 'Proposta devolvida.', giveBack.close)
          }
        />
      </Modal>
    </SectionPanel>
  );
}
