import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { emailSenders, organizations } from '@/db/schema/index.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

export type EmailSenderRow = typeof emailSenders.$inferSelect;

export async function selectEmailSender(scope: Scope): Promise<EmailSenderRow | undefined> {
  const [row] = await scope.db.select().from(emailSenders).where(inTenant(emailSenders, scope)).limit(1);
  return row;
}

export async function insertEmailSender(
  scope: Scope,
  values: Omit<typeof emailSenders.$inferInsert, 'organizationId'>,
): Promise<boolean> {
  const inserted = await scope.db
    .insert(emailSenders)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoNothing()
    .returning({ id: emailSenders.organizationId });
  return inserted.length > 0;
}

export async function updateEmailSender(
  scope: Scope,
  values: Partial<Omit<typeof emailSenders.$inferInsert, 'organizationId'>>,
): Promise<void> {
  await scope.db.update(emailSenders).set(values).where(inTenant(emailSenders, scope));
}

export async function deleteEmailSender(scope: Scope): Promise<boolean> {
  const gone = await scope.db
    .delete(emailSenders)
    .where(inTenant(emailSenders, scope))
    .returning({ id: emailSenders.organizationId });
  return gone.length > 0;
}

/** The sender and the organization's plan, read by the outbox worker as it sends (no session there). */
export async function selectSenderForSending(
  db: Db,
  organizationId: string,
): Promise<(EmailSenderRow & { plan: string }) | undefined> {
  const [row] = await db
    .select({ sender: emailSenders, plan: organizations.plan })
    .from(emailSenders)
    .innerJoin(organizations, eq(organizations.id, emailSenders.organizationId))
    .where(eq(emailSenders.organizationId, organizationId))
    .limit(1);
  return row ? { ...row.sender, plan: row.plan } : undefined;
}
