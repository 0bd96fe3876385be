import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/lib/api-client';
import { useDeleteProposal } from '../api/delete-proposal';
import { CLOSE_BUTTON_PROPS } from './modal-labels';

const DELETE_ERROR = 'Erro ao eliminar proposta';

interface DeleteTarget {
  id: string;
  title: string;
}

/**
 * Asks before deleting (docs/product.md#forms-and-validation) and reports the outcome as an in-app
 * notification (docs/product.md#errors-on-screens).
 */
export function useConfirmDeleteProposal() {
  const deleteProposal = useDeleteProposal();

  return (proposal: DeleteTarget, { onDeleted }: { onDeleted?: () => void } = {}) =>
    modals.openConfirmModal({
      title: 'Eliminar proposta',
      centered: true,
      closeButtonProps: CLOSE_BUTTON_PROPS,
      children: (
        <Text size="sm">
          Tem a certeza de que quer eliminar a proposta «{proposal.title}»? As versões, os anexos e os
          comentários também são eliminados. Esta ação não pode ser desfeita.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteProposal.mutate(proposal.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Proposta «${proposal.title}» eliminada.` });
            onDeleted?.();
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: DELETE_ERROR,
              message: errorMessage(error, DELETE_ERROR),
            }),
        }),
    });
}
