import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { emailOutbox } from '@/db/schema/index.ts';
import { claimDueIds } from '@/lib/durable-queue.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

export async function insertOutboxEmail(db: Db, row: NewOutboxRow): Promise<OutboxRow> {
  const [inserted] = await db.insert(emailOutbox).values(row).returning();
  if (!inserted) throw new Error('outbox insert returned nothing');
  return inserted;
}

/** Claims due messages for this worker (leased, skipped by other processes: lib/durable-queue.ts). */
export async function claimDueEmails(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const ids = await claimDueIds(db, emailOutbox, { limit, leaseSeconds });
  if (ids.length === 0) return [];
  return db.query.emailOutbox.findMany({ where: (t, { inArray }) => inArray(t.id, ids) });
}

export async function markEmailSent(db: Db, id: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')));
}

export async function markEmailFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(eq(emailOutbox.id, id));
}

/**
 * Serializes the mail-limit check of one organization and of one address to the end of the transaction, so
 * two requests at once cannot both see room for one more message.
 */
export async function lockMailCounters(db: Db, organizationId: string, toAddress: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`mail-org:${organizationId}`})), pg_advisory_xact_lock(hashtext(${`mail-to:${toAddress}`}))`,
  );
}

/** Invitations and proposals queued in the last hour by the organization, and to the address (platform-wide). */
export async function countRecentMail(
  db: Db,
  organizationId: string,
  toAddress: string,
): Promise<{ byOrganization: number; byRecipient: number }> {
  // Invitations, proposal emails and a seen proposal's update email to the client (issue 19): every email a
  // member can make us send to an address of their choosing; and the automatic reminders to clients
  // (docs/product.md#reminders).
  const kinds = sql`kind in ('invite', 'proposal', 'proposal_update', 'proposal_reminder')`;
  const since = sql`created_at > now() - interval '1 hour'`;
  const result = await db.execute<{ by_org: number; by_to: number }>(sql`
    select (select count(*)::int from ${emailOutbox} where organization_id = ${organizationId} and ${kinds} and ${since}) as by_org,
           (select count(*)::int from ${emailOutbox} where to_address = ${toAddress} and ${kinds} and ${since}) as by_to`);
  const row = result.rows[0];
  return { byOrganization: row?.by_org ?? 0, byRecipient: row?.by_to ?? 0 };
}
