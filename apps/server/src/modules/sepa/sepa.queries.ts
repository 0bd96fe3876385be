import { eq } from 'drizzle-orm';
import { sepaCreditors } from '@/db/schema/index.ts';
import type { Scope } from '@/lib/tenant-scope.ts';

export type SepaCreditorRow = typeof sepaCreditors.$inferSelect;

export async function selectSepaCreditor(scope: Scope): Promise<SepaCreditorRow | undefined> {
  const [row] = await scope.db
    .select()
    .from(sepaCreditors)
    .where(eq(sepaCreditors.organizationId, scope.organizationId))
    .limit(1);
  return row;
}

/** One row per organization: the first save inserts it, the next ones replace its values. */
export async function upsertSepaCreditor(
  scope: Scope,
  values: Omit<typeof sepaCreditors.$inferInsert, 'organizationId'>,
): Promise<SepaCreditorRow> {
  const [row] = await scope.db
    .insert(sepaCreditors)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoUpdate({ target: sepaCreditors.organizationId, set: values })
    .returning();
  if (!row) throw new Error('sepa creditor not written');
  return row;
}
