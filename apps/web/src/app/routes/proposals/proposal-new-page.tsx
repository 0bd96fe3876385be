import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ProposalNewPage() {
  return (
    <UnderConstruction title="Nova proposta" back={{ to: paths.proposals(), label: 'Voltar a Propostas' }} />
  );
}
