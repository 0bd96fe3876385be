import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface SeenProposalSaveModalProps {
  opened: boolean;
  /** Whether the client has an email to be told at. */
  canNotify: boolean;
  isSaving: boolean;
  onCancel: () => void;
  onConfirm: (notifyClient: boolean) => void;
}

/**
 * Asked before saving a proposal the client already has (sent, viewed, negotiating): the save keeps what the
 * client saw as a version, makes the change the next one, and may tell the client.
 */
export function SeenProposalSaveModal({
  opened,
  canNotify,
  isSaving,
  onCancel,
  onConfirm,
}: SeenProposalSaveModalProps) {
  const [notifyClient, setNotifyClient] = useState(true);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="O cliente já viu esta proposta"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm">
          As alterações passam a ser uma nova versão, que o cliente vê no mesmo link. A versão que o cliente
          viu fica guardada no histórico de versões.
        </Text>
        {canNotify ? (
          <Checkbox
            label="Avisar o cliente da atualização por email"
            checked={notifyClient}
            onChange={(event) => setNotifyClient(event.currentTarget.checked)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            O cliente não tem email associado: não será avisado.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancelar
          </Button>
          <Button loading={isSaving} onClick={() => onConfirm(canNotify && notifyClient)}>
            Guardar nova versão
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
