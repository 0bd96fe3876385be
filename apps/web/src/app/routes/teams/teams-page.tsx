import { UnderConstruction } from '@/components/under-construction';

export function TeamsPage() {
  return <UnderConstruction title="Equipas" />;
}
