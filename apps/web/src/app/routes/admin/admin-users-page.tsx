import { UnderConstruction } from '@/components/under-construction';

export function AdminUsersPage() {
  return <UnderConstruction title="Utilizadores da plataforma" />;
}
