import type { Proposal } from '@aceite/shared/schemas/proposals';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useReissueProposal } from '../api/reissue-proposal';

/**
 * 'Reemitir como nova versão' on an accepted or signed proposal: its content stays as the client accepted it;
 * the team goes on in a new draft linked to it (docs/product.md#evidence).
 */
export function ReissueButton({ proposal }: { proposal: Proposal }) {
  const navigate = useNavigate();
  const reissue = useReissueProposal();
  return (
    <Button
      variant="default"
      leftSection={<IconCopy size={18} aria-hidden="true" />}
      loading={reissue.isPending}
      onClick={() =>
        reissue.mutate(proposal.id, {
          onSuccess: (copy) => {
            notifications.show({ color: 'green', message: 'Nova versão criada como rascunho.' });
            navigate(paths.proposal(copy.id));
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, 'Não foi possível reemitir a proposta. Tente novamente.'),
            }),
        })
      }
    >
      Reemitir como nova versão
    </Button>
  );
}
