import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function UserEditPage() {
  return (
    <UnderConstruction title="Editar Utilizador" back={{ to: paths.users, label: 'Voltar a Utilizadores' }} />
  );
}
