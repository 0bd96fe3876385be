import { MESSAGES } from '@aceite/shared/messages';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { useSendProposal } from '../api/send-proposal';
import { CLOSE_BUTTON_PROPS } from './modal-labels';

const SEND_ERROR = 'Erro ao enviar proposta';

interface SendProposalButtonProps {
  proposal: { id: string; title: string; client: { name: string; email: string | null } | null };
  /** After the server accepted it (sending may also have recorded a version). */
  onSent?: () => void;
}

/**
 * 'Enviar por email' (spec §2): asks first, naming the client's email; then the server emails the public link
 * and the proposal reloads with its new status. Without a client email there is no one to send it to.
 */
export function SendProposalButton({ proposal, onSent }: SendProposalButtonProps) {
  const send = useSendProposal();
  const email = proposal.client?.email;

  const ask = () => {
    if (!email) {
      notifications.show({ color: 'red', title: SEND_ERROR, message: MESSAGES.sendNoClient });
      return;
    }
    modals.openConfirmModal({
      title: 'Enviar proposta por email',
      centered: true,
      closeButtonProps: CLOSE_BUTTON_PROPS,
      children: (
        <Text size="sm">
          A proposta «{proposal.title}» vai ser enviada para <strong>{email}</strong>, com a ligação para a
          ver, assinar, aceitar ou rejeitar.
        </Text>
      ),
      labels: { confirm: 'Enviar', cancel: 'Cancelar' },
      onConfirm: () =>
        send.mutate(proposal.id, {
          onSuccess: (result) => {
            notifications.show({ color: 'green', message: `Proposta enviada para ${result.recipient}.` });
            onSent?.();
          },
          onError: (error) =>
            notifications.show({ color: 'red', title: SEND_ERROR, message: errorMessage(error, SEND_ERROR) }),
        }),
    });
  };

  return (
    <Button leftSection={<IconSend size={18} aria-hidden="true" />} loading={send.isPending} onClick={ask}>
      Enviar por email
    </Button>
  );
}
