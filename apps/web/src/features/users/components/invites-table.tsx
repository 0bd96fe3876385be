import type { Invite } from '@aceite/shared/schemas/users';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailForward, IconMailOff, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/loading-state';
import { RoleBadge } from '@/components/role-badge';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { useCancelInvite } from '../api/cancel-invite';
import { usePendingInvites } from '../api/get-invites';
import { useResendInvite } from '../api/resend-invite';
import { useIsMobile } from './use-is-mobile';

const INVITES_LOAD_ERROR = 'Erro ao carregar convites';

function inviteeName(invite: Invite): string | null {
  const name = [invite.firstName, invite.lastName].filter(Boolean).join(' ');
  return name || null;
}

interface InviteActionsProps {
  invite: Invite;
  onResend: (invite: Invite) => void;
  onCancel: (invite: Invite) => void;
}

function InviteActions({ invite, onResend, onCancel }: InviteActionsProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconMailForward size={14} aria-hidden="true" />}
        onClick={() => onResend(invite)}
        aria-label={`Reenviar convite para ${invite.email}`}
      >
        Reenviar
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconX size={14} aria-hidden="true" />}
        onClick={() => onCancel(invite)}
        aria-label={`Cancelar convite para ${invite.email}`}
      >
        Cancelar
      </Button>
    </Group>
  );
}

/** The 'Convites Pendentes' tab (admins): who was invited, by whom, until when; resend or cancel. */
export function InvitesTable() {
  const invites = usePendingInvites();
  const resend = useResendInvite();
  const cancel = useCancelInvite();
  const isMobile = useIsMobile();

  const confirmResend = (invite: Invite) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Reenviar convite',
      children: (
        <Text size="sm">
          Enviar um novo convite para <strong>{invite.email}</strong>? O link anterior deixa de funcionar e o
          prazo é renovado por 7 dias.
        </Text>
      ),
      labels: { confirm: 'Reenviar', cancel: 'Cancelar' },
      onConfirm: () =>
        resend.mutate(invite.token, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'green',
              message: `Convite reenviado para ${invite.email}.`,
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'red',
              message: errorMessage(error, 'Erro ao reenviar convite'),
            }),
        }),
    });

  const confirmCancel = (invite: Invite) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Cancelar convite',
      children: (
        <Text size="sm">
          Cancelar o convite de <strong>{invite.email}</strong>? O link enviado deixa de funcionar.
        </Text>
      ),
      labels: { confirm: 'Cancelar convite', cancel: 'Voltar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        cancel.mutate(invite.token, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'green',
              message: `Convite de ${invite.email} cancelado.`,
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'red',
              message: errorMessage(error, 'Erro ao cancelar convite'),
            }),
        }),
    });

  let body: ReactNode;
  if (invites.isPending) {
    body = <LoadingState label="A carregar convites…" />;
  } else if (invites.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} m="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(invites.error, INVITES_LOAD_ERROR)}</Text>
          <Button size="xs" variant="default" onClick={() => invites.refetch()} loading={invites.isFetching}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (invites.data.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconMailOff size={28} aria-hidden="true" />}
        variant="light"
        title="Nenhum convite pendente"
        description="Os convites enviados aparecem aqui até serem aceites."
      />
    );
  } else if (isMobile) {
    body = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Convites pendentes">
        {invites.data.map((invite, index) => (
          <Box
            component="li"
            key={invite.id}
            p="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Stack gap="xs">
              <div>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {invite.email}
                </Text>
                {inviteeName(invite) && <Text size="sm">{inviteeName(invite)}</Text>}
              </div>
              <Group gap="xs">
                <RoleBadge role={invite.role} />
                <Text size="xs" c="dimmed">
                  Expira em {formatDate(invite.expiresAt)}
                  {invite.inviter && ` · Convidado por ${fullName(invite.inviter)}`}
                </Text>
              </Group>
              <InviteActions invite={invite} onResend={confirmResend} onCancel={confirmCancel} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={760}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Tabela de convites pendentes"
        pos="relative"
      >
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Função</Table.Th>
              <Table.Th>Convidado por</Table.Th>
              <Table.Th>Expira em</Table.Th>
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invites.data.map((invite) => {
              const name = inviteeName(invite);
              return (
                <Table.Tr key={invite.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {invite.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {name ? (
                      <Text size="sm">{name}</Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RoleBadge role={invite.role} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{invite.inviter ? fullName(invite.inviter) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={formatDateTime(invite.expiresAt)}>
                      <Text size="sm" component="time" dateTime={invite.expiresAt}>
                        {formatDate(invite.expiresAt)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <InviteActions invite={invite} onResend={confirmResend} onCancel={confirmCancel} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder radius="md">
      {body}
    </Paper>
  );
}
