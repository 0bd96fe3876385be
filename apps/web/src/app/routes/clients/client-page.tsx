import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ClientPage() {
  return <UnderConstruction title="Cliente" back={{ to: paths.clients, label: 'Voltar a Clientes' }} />;
}
