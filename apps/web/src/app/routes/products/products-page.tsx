import { UnderConstruction } from '@/components/under-construction';

export function ProductsPage() {
  return <UnderConstruction title="Produtos" />;
}
