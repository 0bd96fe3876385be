import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { isUnrenamedCopy } from '@aceite/shared/proposal-defaults';
import { EmailMessageSchema, EmailSubjectSchema } from '@aceite/shared/schemas/proposal-email';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useEmailDraft } from '../api/get-email-draft';
import { useSendProposal } from '../api/send-proposal';

import { CLOSE_BUTTON_PROPS } from './modal-labels';

// Where the callers found it before it moved to a module of its own (route budget).
export { sendOnArrivalState, wantsSendOnArrival } from './send-on-arrival';

const SEND_ERROR = 'Erro ao enviar proposta';
const EmailFormSchema = z.object({
  subject: EmailSubjectSchema,
  message: EmailMessageSchema,
  attachPdf: z.boolean(),
});

interface SendableProposal {
  id: string;
  title: string;
  client: { name: string; email: string | null } | null;
  totalValue: number;
  validUntil: string | null;
  content: { items: readonly unknown[] };
}

interface SendProposalButtonProps {
  proposal: SendableProposal;
  /**
   * Open the dialog at once ('Guardar e enviar', issue 37), once the approval state is known; `onOpenedOnArrival`
   * runs then, so a reload does not open it again. Blocked by approval, it says why instead.
   */
  openOnArrival?: boolean;
  onOpenedOnArrival?: () => void;
  /** After the server accepted it (sending may also have recorded a version). */
  onSent?: () => void;
  /** Why it cannot be sent yet (it awaits approval, docs/product.md#approvals): the button says so instead. */
  blockedReason?: string;
}

/** The warning of a copy not renamed (issue 37): its title is the subject of the client's email. */
export const COPY_TITLE_WARNING = 'O título ainda termina em «(cópia)» e é o assunto do email ao cliente.';

/** What a client would find odd in the email: each is named in the dialog, which then asks to confirm. */
export function sendWarnings(proposal: SendableProposal): string[] {
  const warnings: string[] = [];
  if (proposal.content.items.length === 0) warnings.push('A proposta não tem itens.');
  if (proposal.totalValue === 0) warnings.push(`O total é ${formatMoney(0)}.`);
  if (!proposal.validUntil) warnings.push('A proposta não tem data de validade.');
  if (isUnrenamedCopy(proposal.title)) warnings.push(COPY_TITLE_WARNING);
  return warnings;
}

function SendForm({
  proposal,
  draft,
  onClose,
  onSent,
}: {
  proposal: SendableProposal;
  draft: { to: string; replyTo: string; subject: string; message: string };
  onClose: () => void;
  onSent?: () => void;
}) {
  const send = useSendProposal();
  const form = useForm({
    initialValues: { subject: draft.subject, message: draft.message, attachPdf: true },
    validate: schemaResolver(EmailFormSchema, { sync: true }),
  });
  const warnings = sendWarnings(proposal);

  const submit = form.onSubmit((values) =>
    send.mutate(
      {
        id: proposal.id,
        subject: values.subject.trim(),
        message: values.message.trim(),
        attachPdf: values.attachPdf,
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: `Proposta enviada para ${result.recipient}.` });
          onClose();
          onSent?.();
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: SEND_ERROR, message: errorMessage(error, SEND_ERROR) }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          A proposta «{proposal.title}» vai ser enviada para <strong>{draft.to}</strong>, com a ligação para a
          ver, assinar, aceitar ou rejeitar. As respostas do cliente chegam a {draft.replyTo}.
        </Text>
        {warnings.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            title="Confirme antes de enviar"
            icon={<IconAlertTriangle aria-hidden="true" />}
          >
            <List size="sm" spacing={2}>
              {warnings.map((warning) => (
                <List.Item key={warning}>
                  {warning}
                  {warning === COPY_TITLE_WARNING && (
                    // The safe way out first: rename in the editor; 'Enviar mesmo assim' stays below.
                    <>
                      {' '}
                      <Anchor component={Link} to={paths.proposalEdit(proposal.id)} size="sm">
                        Mudar o título
                      </Anchor>
                    </>
                  )}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <TextInput label="Assunto" required {...form.getInputProps('subject')} />
        <Textarea
          label="Mensagem"
          description="O total, a validade e a ligação para a proposta seguem por baixo da mensagem."
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('message')}
        />
        <Checkbox
          label="Anexar PDF"
          description="A proposta segue também em PDF, anexada ao email."
          {...form.getInputProps('attachPdf', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            type="submit"
            loading={send.isPending}
            leftSection={<IconSend size={18} aria-hidden="true" />}
          >
            {warnings.length > 0 ? 'Enviar mesmo assim' : 'Enviar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Enviar por email' (docs/product.md#sending-and-email): a dialog naming the client's email, with the
 * subject and message from the organization's defaults (editable), and a confirmation when the proposal looks
 * unfinished. The server emails the public link and the proposal reloads with its new status. Without a
 * client email there is no one to send it to.
 */
export function SendProposalButton({
  proposal,
  onSent,
  blockedReason,
  openOnArrival = false,
  onOpenedOnArrival,
}: SendProposalButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const draft = useEmailDraft(proposal.id, opened);
  const email = proposal.client?.email;

  const ask = () => {
    if (!email) {
      notifications.show({ color: 'red', title: SEND_ERROR, message: MESSAGES.sendNoClient });
      return;
    }
    open();
  };

  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page says the approval state is known
  useEffect(() => {
    if (!openOnArrival || arrived.current) return;
    arrived.current = true;
    onOpenedOnArrival?.();
    if (blockedReason) {
      notifications.show({
        color: 'yellow',
        title: 'Proposta guardada, ainda não enviada',
        message: blockedReason,
      });
      return;
    }
    ask();
  }, [openOnArrival]);

  if (blockedReason) {
    // Mantine's pattern for a disabled button with a tooltip: it keeps focus and hover, so the reason is read.
    return (
      <Tooltip
        label={blockedReason}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          data-disabled
          aria-disabled="true"
          aria-description={blockedReason}
          leftSection={<IconSend size={18} aria-hidden="true" />}
          onClick={(event) => event.preventDefault()}
        >
          Enviar por email
        </Button>
      </Tooltip>
    );
  }

  return (
    <>
      <Button leftSection={<IconSend size={18} aria-hidden="true" />} onClick={ask}>
        Enviar por email
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Enviar proposta por email"
        centered
        size="lg"
        closeButtonProps={CLOSE_BUTTON_PROPS}
      >
        {draft.isPending ? (
          <Stack gap="sm">
            <Text size="sm">
              A proposta «{proposal.title}» vai ser enviada para <strong>{email}</strong>.
            </Text>
            <LoadingState label="A preparar o email…" />
          </Stack>
        ) : draft.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(draft.error, SEND_ERROR)}</Text>
              <Button size="xs" variant="default" onClick={() => draft.refetch()} loading={draft.isFetching}>
                Tentar novamente
              </Button>
            </Stack>
          </Alert>
        ) : (
          <SendForm proposal={proposal} draft={draft.data} onClose={close} onSent={onSent} />
        )}
      </Modal>
    </>
  );
}
