import type { Invite } from '@aceite/shared/schemas/users';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconMailOff, IconX } from '@tabler/icons-react';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { RoleBadge } from '@/components/role-badge';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useCancelInvite } from '../api/cancel-invite';
import { usePendingInvites } from '../api/get-invites';
import { useResendInvite } from '../api/resend-invite';

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

  const actions = (invite: Invite) => (
    <InviteActions invite={invite} onResend={confirmResend} onCancel={confirmCancel} />
  );
  const columns: ListColumn<Invite>[] = [
    {
      header: 'Email',
      cell: (invite) => (
        <Text size="sm" fw={600}>
          {invite.email}
        </Text>
      ),
    },
    {
      header: 'Nome',
      cell: (invite) => {
        const name = inviteeName(invite);
        return name ? (
          <Text size="sm">{name}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        );
      },
    },
    { header: 'Função', cell: (invite) => <RoleBadge role={invite.role} /> },
    {
      header: 'Convidado por',
      cell: (invite) => <Text size="sm">{invite.inviter ? fullName(invite.inviter) : '—'}</Text>,
    },
    {
      header: 'Expira em',
      cell: (invite) => (
        <Tooltip label={formatDateTime(invite.expiresAt)}>
          <Text size="sm" component="time" dateTime={invite.expiresAt}>
            {formatDate(invite.expiresAt)}
          </Text>
        </Tooltip>
      ),
    },
    { header: 'Ações', hideHeader: true, cell: actions },
  ];

  return (
    <ListStates
      query={invites}
      rows={invites.data}
      loadingLabel="A carregar convites…"
      errorTitle="Erro ao carregar convites"
      empty={{
        icon: <IconMailOff size={28} aria-hidden="true" />,
        title: 'Nenhum convite pendente',
        description: 'Os convites enviados aparecem aqui até serem aceites.',
      }}
    >
      {(rows) => (
        <ResponsiveList
          rows={rows}
          rowKey={(invite) => invite.id}
          columns={columns}
          card={(invite) => (
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
              {actions(invite)}
            </Stack>
          )}
          label="Convites pendentes"
          tableLabel="Tabela de convites pendentes"
          minWidth={760}
          isMobile={isMobile}
        />
      )}
    </ListStates>
  );
}
