import { MESSAGES } from '@aceite/shared/messages';
import type { Team } from '@aceite/shared/schemas/teams';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@/lib/api-client';
import { useDeleteTeam } from '../api/delete-team';

/** What to tell after a refused team deletion (docs/product.md#errors-on-screens). */
export function deleteTeamErrorMessage(error: unknown): string {
  // 400: the team still has members.
  if (error instanceof ApiError && error.status === 400) return MESSAGES.teamHasMembers;
  const detail = error instanceof Error && error.message ? error.message : 'tente novamente.';
  return `Erro ao remover equipa: ${detail}`;
}

/**
 * Asks for confirmation, deletes the team and reports the outcome (docs/product.md#forms-and-validation:
 * confirm before deleting).
 */
export function useConfirmDeleteTeam({ onDeleted }: { onDeleted?: () => void } = {}) {
  const deleteTeam = useDeleteTeam();
  const confirm = (team: Pick<Team, 'id' | 'name'>) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Remover equipa',
      children: (
        <Text size="sm">
          Tem a certeza de que quer remover a equipa <strong>{team.name}</strong>? Esta ação não pode ser
          desfeita.
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        deleteTeam.mutate(team.id, {
          onSuccess: () => {
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'green',
              // The name is quoted, so 'Equipa Norte' never reads 'Equipa Equipa Norte'.
              message: `«${team.name}» foi removida.`,
            });
            onDeleted?.();
          },
          onError: (error) =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'red',
              title: 'Não foi possível remover a equipa',
              message: deleteTeamErrorMessage(error),
              autoClose: 10_000,
            }),
        }),
    });
  return { confirm, isPending: deleteTeam.isPending };
}
