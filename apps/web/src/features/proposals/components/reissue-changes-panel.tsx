import type { Proposal } from '@aceite/shared/schemas/proposals';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { useProposal } from '../api/get-proposal';
import { proposalChanges } from './proposal-changes';

/** On a reissued draft: what changed against the accepted proposal it came from (docs/product.md#evidence). */
export function ReissueChangesPanel({ proposal }: { proposal: Proposal }) {
  const originalId = proposal.reissuedFromId ?? '';
  const { data: original, error, isPending } = useProposal(originalId);
  const link = (
    <Anchor component={Link} to={paths.proposal(originalId)} size="sm">
      Ver a proposta aceite
    </Anchor>
  );
  return (
    <SectionPanel
      title="Alterações face à versão aceite"
      description="Esta proposta foi reemitida a partir de uma proposta aceite, que se mantém inalterada."
      actions={link}
    >
      {isPending ? (
        <Text size="sm" c="dimmed">
          A comparar…
        </Text>
      ) : error || !original ? (
        <Text size="sm" c="dimmed">
          Não foi possível ler a proposta aceite.
        </Text>
      ) : (
        <ChangesList changes={proposalChanges(original, proposal)} />
      )}
    </SectionPanel>
  );
}

function ChangesList({ changes }: { changes: string[] }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ainda sem alterações: o conteúdo é igual ao aceite.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} aria-label="Alterações">
      {changes.map((change) => (
        <List.Item key={change}>{change}</List.Item>
      ))}
    </List>
  );
}
