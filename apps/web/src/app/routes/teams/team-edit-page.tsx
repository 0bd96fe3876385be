import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function TeamEditPage() {
  return <UnderConstruction title="Editar equipa" back={{ to: paths.teams, label: 'Voltar a Equipas' }} />;
}
