import { UnderConstruction } from '@/components/under-construction';

export function UsersPage() {
  return <UnderConstruction title="Utilizadores" />;
}
