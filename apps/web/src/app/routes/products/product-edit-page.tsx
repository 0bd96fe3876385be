import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function ProductEditPage() {
  return (
    <UnderConstruction title="Editar produto" back={{ to: paths.products, label: 'Voltar a Produtos' }} />
  );
}
