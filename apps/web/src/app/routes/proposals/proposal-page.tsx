import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ProposalPage() {
  return <UnderConstruction title="Proposta" back={{ to: paths.proposals(), label: 'Voltar a Propostas' }} />;
}
