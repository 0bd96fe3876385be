import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ClientNewPage() {
  return <UnderConstruction title="Novo cliente" back={{ to: paths.clients, label: 'Voltar a Clientes' }} />;
}
