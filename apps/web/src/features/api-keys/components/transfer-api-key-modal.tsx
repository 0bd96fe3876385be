import { API_KEY_MESSAGES, type ApiKey } from '@aceite/shared/schemas/api-keys';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useKeyHolders, useTransferApiKey } from '../api/transfer-api-key';

interface TransferApiKeyModalProps {
  apiKey: ApiKey | null;
  onClose: () => void;
  onTransferred?: (key: ApiKey) => void;
}

/**
 * "Transferir" (issue 34, docs/product.md#api-keys): a key works only while its holder is an active admin; handing
 * it to another one keeps the integration running without a new secret.
 */
export function TransferApiKeyModal({ apiKey, onClose, onTransferred }: TransferApiKeyModalProps) {
  const holders = useKeyHolders(apiKey !== null);
  const transfer = useTransferApiKey();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setUserId(null);
    setError(null);
    transfer.reset();
    onClose();
  };

  const submit = () => {
    if (!apiKey) return;
    if (!userId) {
      setError(API_KEY_MESSAGES.transferTargetRequired);
      return;
    }
    setError(null);
    transfer.mutate(
      { id: apiKey.id, userId },
      {
        onSuccess: (key) => {
          onTransferred?.(key);
          close();
        },
        onError: (e) => setError(errorMessage(e, 'Erro ao transferir a chave de API')),
      },
    );
  };

  return (
    <Modal
      opened={apiKey !== null}
      onClose={close}
      title="Transferir chave de API"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack>
        <Text size="sm">
          A chave <strong>{apiKey?.name}</strong> passa a pertencer ao administrador escolhido e volta a
          funcionar enquanto ele for administrador ativo. O segredo da chave não muda.
        </Text>
        {holders.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(holders.error, 'Erro ao carregar os administradores.')}
          </Alert>
        ) : (
          <Select
            label="Novo responsável"
            placeholder={holders.isPending ? 'A carregar os administradores…' : 'Escolha um administrador'}
            disabled={holders.isPending}
            data={(holders.data ?? []).map((m) => ({
              value: m.id,
              label: `${m.firstName} ${m.lastName} (${m.email})`,
            }))}
            value={userId}
            onChange={setUserId}
            error={error}
            searchable
            nothingFoundMessage="Nenhum administrador ativo"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={transfer.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={transfer.isPending}>
            Transferir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
