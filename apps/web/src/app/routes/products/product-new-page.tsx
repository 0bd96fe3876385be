import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ProductNewPage() {
  return <UnderConstruction title="Novo produto" back={{ to: paths.products, label: 'Voltar a Produtos' }} />;
}
