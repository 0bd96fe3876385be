import { useState } from 'react';
import { type ClientOption, ClientPicker } from '@/features/proposals/components/client-picker';
import { NewProposalDialog, type ProposalClient } from '@/features/templates/components/new-proposal-dialog';
import { useStartProposalForClient } from './use-new-proposal';

interface NewProposalChooserProps {
  opened: boolean;
  onClose: () => void;
  /** A client's page: the proposal is for them ('Nova proposta para este cliente'). */
  client?: ProposalClient;
  /** The proposals list: the client may be chosen in the dialog (or later, in the editor). */
  chooseClient?: boolean;
}

/**
 * 'Nova proposta' with its client (issue 37, docs/product.md#templates): the templates' dialog, plus the client
 * fixed or chosen; with a client the draft is created ("<template> — <client>") and the editor opens on it.
 */
export function NewProposalChooser({
  opened,
  onClose,
  client,
  chooseClient = false,
}: NewProposalChooserProps) {
  // The organization's settings are read once the dialog opens (usually already there, from the top bar).
  const { start, isPending, ready } = useStartProposalForClient(opened);
  const [chosen, setChosen] = useState<ClientOption | null>(null);
  return (
    <NewProposalDialog
      opened={opened}
      onClose={onClose}
      client={client ?? chosen}
      starting={isPending || !ready}
      onStartForClient={(template, forClient) => start(template, forClient)}
      clientField={
        chooseClient && !client ? (
          <ClientPicker
            value={chosen?.id ?? null}
            selected={chosen}
            onChange={setChosen}
            required={false}
            description="Opcional: com o cliente, a proposta é criada já com o título «modelo — cliente»."
          />
        ) : undefined
      }
    />
  );
}
