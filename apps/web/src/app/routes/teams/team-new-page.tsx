import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function TeamNewPage() {
  return <UnderConstruction title="Nova equipa" back={{ to: paths.teams, label: 'Voltar a Equipas' }} />;
}
