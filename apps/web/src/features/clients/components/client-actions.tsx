import { MESSAGES } from '@aceite/shared/messages';
import { isAnswered, isOpen, STATUS_LABELS } from '@aceite/shared/proposal-status';
import type { Client, ClientDetail } from '@aceite/shared/schemas/clients';
import { Button, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconFileZip, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteClient } from '../api/delete-client';
import { useExportClient } from '../api/export-client';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

interface ClientActionsProps {
  /** With the client's proposals (the client page has them): the confirmation names those it would cancel. */
  client: Pick<Client, 'id' | 'name'> & {
    proposals?: readonly Pick<ClientDetail['proposals'][number], 'id' | 'number' | 'title' | 'status'>[];
  };
  canEdit: boolean;
  canDelete: boolean;
  /** Admins and managers: the client's data as a ZIP (docs/product.md#personal-data). */
  canExport?: boolean;
}

/** What the deletion did: removed, or pseudonymised with the decisions kept as evidence. */
export const CLIENT_DELETED = 'Cliente eliminado com sucesso';
export const CLIENT_PSEUDONYMISED =
  'Dados pessoais do cliente eliminados. As propostas respondidas ficam guardadas como prova, sem os dados pessoais.';

/**
 * 'Exportar dados', 'Editar' and 'Eliminar' (with confirmation) of the client page, each shown only to roles
 * allowed to.
 */
export function ClientActions({ client, canEdit, canDelete, canExport = false }: ClientActionsProps) {
  const navigate = useNavigate();
  const deleteClient = useDeleteClient();
  const exportClient = useExportClient();

  const runExport = () =>
    exportClient.mutate(client.id, {
      onError: (error) =>
        notifications.show({
          closeButtonProps: CLOSE_NOTIFICATION,
          color: 'red',
          title: 'Não foi possível exportar',
          message: errorMessage(error, 'Erro ao exportar os dados do cliente'),
        }),
    });

  // A client who answered is pseudonymised, and the proposals still open are cancelled with it (issue 37).
  const proposals = client.proposals ?? [];
  const toCancel = proposals.some((p) => isAnswered(p.status))
    ? proposals.filter((p) => isOpen(p.status))
    : [];

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Eliminar cliente',
      children: (
        <Stack gap="sm">
          <Text size="sm">
            Tem a certeza de que pretende eliminar o cliente <strong>{client.name}</strong>? Esta ação não
            pode ser anulada. Se o cliente já respondeu a propostas, os seus dados pessoais são apagados e as
            respostas ficam guardadas como prova.
          </Text>
          {toCancel.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                {toCancel.length === 1
                  ? 'Esta proposta ainda está em aberto e vai ser cancelada: o link deixa de funcionar e ninguém a pode assinar.'
                  : `Estas ${toCancel.length} propostas ainda estão em aberto e vão ser canceladas: os links deixam de funcionar e ninguém as pode assinar.`}
              </Text>
              <List size="sm" spacing={2} aria-label="Propostas que vão ser canceladas">
                {toCancel.map((p) => (
                  <List.Item key={p.id}>
                    {p.number} · {p.title} ({STATUS_LABELS[p.status]})
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deleteClient.mutate(client.id, {
          onSuccess: (result) => {
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'green',
              message: result.pseudonymised ? CLIENT_PSEUDONYMISED : CLIENT_DELETED,
            });
            navigate(paths.clients, { replace: true });
          },
          onError: (error) => {
            // 409: proposals still reference the client (docs/product.md#errors-on-screens gives the exact
            // text).
            const message =
              error instanceof ApiError && error.status === 409
                ? MESSAGES.clientHasProposals
                : errorMessage(error, 'Erro ao eliminar cliente');
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'red',
              title: 'Não foi possível eliminar',
              message,
            });
          },
        }),
    });

  return (
    <>
      {canExport && (
        <Button
          variant="default"
          onClick={runExport}
          loading={exportClient.isPending}
          leftSection={<IconFileZip size={18} aria-hidden="true" />}
        >
          Exportar dados
        </Button>
      )}
      {canEdit && (
        <Button
          variant="default"
          component={Link}
          to={paths.clientEdit(client.id)}
          leftSection={<IconPencil size={18} aria-hidden="true" />}
        >
          Editar
        </Button>
      )}
      {canDelete && (
        <Button
          variant="light"
          color="red"
          onClick={confirmDelete}
          loading={deleteClient.isPending}
          leftSection={<IconTrash size={18} aria-hidden="true" />}
        >
          Eliminar
        </Button>
      )}
    </>
  );
}
