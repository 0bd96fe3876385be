import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function TeamPage() {
  return <UnderConstruction title="Equipa" back={{ to: paths.teams, label: 'Voltar a Equipas' }} />;
}
