import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ProposalEditPage() {
  return (
    <UnderConstruction
      title="Editar proposta"
      back={{ to: paths.proposals(), label: 'Voltar a Propostas' }}
    />
  );
}
