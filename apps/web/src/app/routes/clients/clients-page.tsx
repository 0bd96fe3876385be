import { UnderConstruction } from '@/components/under-construction';

export function ClientsPage() {
  return <UnderConstruction title="Clientes" />;
}
