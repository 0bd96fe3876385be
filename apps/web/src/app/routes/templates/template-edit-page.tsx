import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function TemplateEditPage() {
  return (
    <UnderConstruction title="Editar template" back={{ to: paths.templates, label: 'Voltar a Templates' }} />
  );
}
