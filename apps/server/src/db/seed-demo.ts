import type { OrgRole } from '@aceite/shared/permissions';
import { count } from 'drizzle-orm';
import { hashPassword } from '@/lib/password.ts';
import type { Db } from './client.ts';
import { organizations, users } from './schema/index.ts';

export const DEMO_PASSWORD = 'Aceite2026!';

export const DEMO_USERS: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  role: OrgRole;
}> = [
  { email: 'admin@aceite.demo', firstName: 'Ana', lastName: 'Almeida', role: 'admin' },
  { email: 'gestor@aceite.demo', firstName: 'Gonçalo', lastName: 'Gomes', role: 'manager' },
  { email: 'vendas@aceite.demo', firstName: 'Vera', lastName: 'Vieira', role: 'sales' },
  { email: 'leitor@aceite.demo', firstName: 'Luís', lastName: 'Lopes', role: 'viewer' },
];

export const DEMO_SUPERADMIN = { email: 'super@aceite.demo', firstName: 'Sofia', lastName: 'Santos' };

/** Loads the demo organization and accounts into an empty database; returns false when it is not empty. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: 'Demo Lda', domain: 'aceite.demo', plan: 'professional' })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organization not created');
    await tx
      .insert(users)
      .values([
        ...DEMO_USERS.map((u) => ({ ...u, organizationId: org.id, passwordHash })),
        { ...DEMO_SUPERADMIN, role: 'superadmin' as const, organizationId: null, passwordHash },
      ]);
  });
  return true;
}
