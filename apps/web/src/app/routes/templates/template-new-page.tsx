import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';

export function TemplateNewPage() {
  return (
    <UnderConstruction title="Novo template" back={{ to: paths.templates, label: 'Voltar a Templates' }} />
  );
}
