import type { AdminUser } from '@aceite/shared/schemas/admin';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUserShare } from '@tabler/icons-react';
import { RoleBadge } from '@/components/role-badge';
import { ApiError } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useImpersonateUser } from '../api/impersonate-user';

const IMPERSONATE_ERROR = 'Erro ao impersonar utilizador';

interface ImpersonateUserModalProps {
  /** The user to act as; the modal is open while one is given. */
  target: AdminUser | null;
  onClose: () => void;
}

/**
 * The confirmation asked before impersonating (docs/product.md#forms-and-validation), which then starts it
 * and reloads.
 */
export function ImpersonateUserModal({ target, onClose }: ImpersonateUserModalProps) {
  const impersonate = useImpersonateUser();
  // After success the page is being replaced: keep the button busy rather than offering it again.
  const busy = impersonate.isPending || impersonate.isSuccess;

  const close = () => {
    if (busy) return;
    impersonate.reset();
    onClose();
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title="Impersonar utilizador"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {target && (
        <Stack gap="md">
          <Text size="sm">
            Vai usar a aplicação como <strong>{fullName(target)}</strong>, com a função e os dados desta
            conta. Tudo o que fizer fica registado em nome das duas contas.
          </Text>
          <Stack gap={4}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {target.email}
            </Text>
            <Group gap="xs">
              <RoleBadge role={target.role} />
              <Text size="sm" c="dimmed">
                {target.organization?.name ?? 'Sem organização'}
              </Text>
            </Group>
          </Stack>
          <Text size="sm" c="dimmed">
            A sessão dura no máximo 30 minutos. Para voltar à sua conta use «Parar Impersonation» na barra
            amarela.
          </Text>
          {impersonate.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={IMPERSONATE_ERROR}
            >
              {impersonate.error instanceof ApiError && impersonate.error.fromServer
                ? impersonate.error.message
                : 'Verifique a ligação e tente novamente.'}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancelar
            </Button>
            <Button
              color="yellow"
              c="dark.9"
              leftSection={<IconUserShare size={18} aria-hidden="true" />}
              loading={busy}
              onClick={() => impersonate.mutate(target.id)}
            >
              Impersonar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
