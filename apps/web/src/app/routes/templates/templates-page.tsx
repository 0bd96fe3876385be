import { UnderConstruction } from '@/components/under-construction';

export function TemplatesPage() {
  return <UnderConstruction title="Templates" />;
}
