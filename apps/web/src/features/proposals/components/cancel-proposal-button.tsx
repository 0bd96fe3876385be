import { MESSAGES } from '@aceite/shared/messages';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useCancelProposal } from '../api/cancel-proposal';

/**
 * 'Cancelar proposta': a required reason and, off by default, an email to the client
 * (docs/product.md#cancelling-a-proposal).
 */
export function CancelProposalButton({ proposal }: { proposal: Proposal }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [notifyClient, setNotifyClient] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const cancel = useCancelProposal(proposal.id);
  const wasSent = !!proposal.sentAt;

  const close = () => {
    if (cancel.isPending) return;
    setOpened(false);
    setReason('');
    setNotifyClient(false);
    setFieldError(null);
    cancel.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setFieldError(MESSAGES.cancelReasonRequired);
      return;
    }
    cancel.mutate(
      { reason: reason.trim(), notifyClient: wasSent && notifyClient },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Proposta cancelada.' });
          setOpened(false);
          setReason('');
          setNotifyClient(false);
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconBan size={18} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Cancelar proposta
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Cancelar proposta"
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              O link público deixa de funcionar: o cliente vê que a proposta já não está disponível e não a
              pode responder.
            </Text>
            {cancel.error ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(cancel.error, 'Não foi possível cancelar a proposta. Tente novamente.')}
              </Alert>
            ) : null}
            <Textarea
              label="Motivo do cancelamento"
              required
              autosize
              minRows={3}
              maxLength={2000}
              value={reason}
              error={fieldError}
              data-autofocus
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setFieldError(null);
              }}
            />
            {wasSent && proposal.client?.email ? (
              <Checkbox
                label={`Avisar o cliente por email (${proposal.client.email})`}
                checked={notifyClient}
                onChange={(event) => setNotifyClient(event.currentTarget.checked)}
              />
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close} disabled={cancel.isPending}>
                Voltar
              </Button>
              <Button type="submit" color="red" loading={cancel.isPending}>
                Cancelar proposta
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
