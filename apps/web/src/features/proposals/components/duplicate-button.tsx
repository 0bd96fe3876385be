import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopyPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDuplicateProposal } from '../api/duplicate-proposal';
import { type ClientOption, ClientPicker } from './client-picker';

/** What the editor shows after a copy whose IVA rates changed (read from the router's state, issue 37). */
export interface DuplicateNavigationState {
  vatNotice?: string | null;
}

type DuplicatedFrom = {
  id: string;
  title: string;
  client?: { id: string; name: string; company: string | null; email?: string } | null;
};

/**
 * 'Duplicar' (docs/product.md#duplicating-a-proposal): a dialog that asks for whom ('Duplicar para outro
 * cliente', the same client by default), then makes a new draft and opens it in the editor. Shown to whoever
 * may create proposals (the caller checks `proposal:create`).
 */
export function DuplicateButton({
  proposal,
  size,
  variant = 'default',
}: {
  proposal: DuplicatedFrom;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        leftSection={<IconCopyPlus size={size === 'xs' ? 14 : 18} aria-hidden="true" />}
        aria-label={`Duplicar ${proposal.title}`}
        onClick={() => setOpened(true)}
      >
        Duplicar
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Duplicar proposta" centered>
        {opened && <DuplicateDialog proposal={proposal} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function DuplicateDialog({ proposal, onClose }: { proposal: DuplicatedFrom; onClose: () => void }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateProposal();
  const original: ClientOption | null = proposal.client
    ? { ...proposal.client, email: proposal.client.email ?? '' }
    : null;
  const [client, setClient] = useState<ClientOption | null>(original);
  const other = !!client && client.id !== original?.id;

  return (
    <form
      // The picker is marked required for its label; a copy of a proposal without a client is still allowed.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        duplicate.mutate(
          { id: proposal.id, ...(other && client ? { clientId: client.id } : {}) },
          {
            onSuccess: (copy) => {
              notifications.show({ color: 'green', message: `Proposta duplicada: ${copy.number}.` });
              onClose();
              const state: DuplicateNavigationState = { vatNotice: copy.vatNotice };
              navigate(paths.proposalEdit(copy.id), { state });
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: errorMessage(error, 'Não foi possível duplicar a proposta. Tente novamente.'),
              }),
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Cria um rascunho novo com o mesmo conteúdo de «{proposal.title}». Pode escolher outro cliente.
        </Text>
        <ClientPicker value={client?.id ?? null} selected={client} onChange={setClient} />
        {other && (
          <Text size="sm" c="dimmed">
            A cópia fica para {client.name}; o destinatário é o deste cliente quando a enviar.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={duplicate.isPending} disabled={!client && !!original}>
            Duplicar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
