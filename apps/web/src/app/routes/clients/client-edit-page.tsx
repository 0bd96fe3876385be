import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ClientEditPage() {
  return (
    <UnderConstruction title="Editar cliente" back={{ to: paths.clients, label: 'Voltar a Clientes' }} />
  );
}
