import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopyPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDuplicateProposal } from '../api/duplicate-proposal';

/**
 * 'Duplicar' (docs/product.md#duplicating-a-proposal): makes a new draft from the proposal and opens it in the
 * editor. Shown to whoever may create proposals (the caller checks `proposal:create`).
 */
export function DuplicateButton({
  proposal,
  size,
  variant = 'default',
}: {
  proposal: { id: string; title: string };
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const navigate = useNavigate();
  const duplicate = useDuplicateProposal();
  return (
    <Button
      variant={variant}
      size={size}
      leftSection={<IconCopyPlus size={size === 'xs' ? 14 : 18} aria-hidden="true" />}
      aria-label={`Duplicar ${proposal.title}`}
      loading={duplicate.isPending}
      onClick={() =>
        duplicate.mutate(proposal.id, {
          onSuccess: (copy) => {
            notifications.show({ color: 'green', message: `Proposta duplicada: ${copy.number}.` });
            navigate(paths.proposalEdit(copy.id));
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, 'Não foi possível duplicar a proposta. Tente novamente.'),
            }),
        })
      }
    >
      Duplicar
    </Button>
  );
}
