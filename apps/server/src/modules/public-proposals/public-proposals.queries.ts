// The one unscoped area of the API (docs/architecture.md#tenant-scoping): a proposal is found by its public
// token alone.
// Every function here takes the token, never an id from the caller.
import { CLIENT_HAS_SEEN_STATUSES } from '@aceite/shared/proposal-status';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import { answerCodes, clients, emailOutbox, organizations, proposals, users } from '@/db/schema/index.ts';

const owner = alias(users, 'owner');

/*
 * Only a proposal with the client (sent by email, or marked sent by hand after sharing the link; opened; being
 * negotiated) and not yet closed can be answered, and only those expire: a draft, one under review or approved
 * but never sent is not the client's to decide (CLIENT_HAS_SEEN_STATUSES, docs/product.md#decisions).
 */

export async function selectByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      proposal: proposals,
      organization: {
        name: organizations.name,
        branding: organizations.branding,
        settings: organizations.settings,
      },
      owner: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      client: { name: clients.name, company: clients.company, taxId: clients.taxId },
      /** Where the one-time answer code goes (never shown whole on the public page). */
      clientEmail: clients.email,
    })
    .from(proposals)
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .innerJoin(owner, eq(owner.id, proposals.ownerId))
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .where(eq(proposals.publicToken, token))
    .limit(1);
  return row;
}

/** validUntil is inclusive: a proposal valid until today can still be answered today. */
const notPastValidity = or(isNull(proposals.validUntil), sql`${proposals.validUntil} >= current_date`);

/** Overdue sent/viewed/negotiating proposals become expired; returns how many (all when token is omitted). */
export async function expireOverdue(
  db: Db,
  token?: string,
): Promise<{ id: string; organizationId: string }[]> {
  const rows = await db
    .update(proposals)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(
      and(
        token ? eq(proposals.publicToken, token) : undefined,
        inArray(proposals.status, CLIENT_HAS_SEEN_STATUSES),
        lt(proposals.validUntil, sql`current_date`),
      ),
    )
    .returning({ id: proposals.id, organizationId: proposals.organizationId });
  return rows;
}

/** The first view of a sent proposal marks it viewed; true only for the request that made the change. */
export async function markViewed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(proposals)
    .set({ status: 'viewed', updatedAt: new Date() })
    .where(and(eq(proposals.id, id), eq(proposals.status, 'sent')))
    .returning({ id: proposals.id });
  return rows.length === 1;
}

export async function incrementViewCount(db: Db, id: string): Promise<void> {
  await db
    .update(proposals)
    .set({ viewCount: sql`${proposals.viewCount} + 1` })
    .where(eq(proposals.id, id));
}

/**
 * One atomic conditional update per public action: only a proposal still open to an answer changes, so of two
 * concurrent actions exactly one gets a row back.
 */
export async function decideByToken(
  db: Db,
  token: string,
  values: Partial<typeof proposals.$inferInsert>,
): Promise<typeof proposals.$inferSelect | undefined> {
  const [row] = await db
    .update(proposals)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(proposals.publicToken, token),
        inArray(proposals.status, CLIENT_HAS_SEEN_STATUSES),
        notPastValidity,
      ),
    )
    .returning();
  return row;
}

/** Who to tell about a client's answer: the proposal's owner, the organization's name and brand, the client. */
export async function selectAnswerRecipient(db: Db, proposalId: string) {
  const [row] = await db
    .select({
      email: owner.email,
      firstName: owner.firstName,
      isActive: owner.isActive,
      organizationName: organizations.name,
      branding: organizations.branding,
      clientName: clients.name,
    })
    .from(proposals)
    .innerJoin(owner, eq(owner.id, proposals.ownerId))
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .where(eq(proposals.id, proposalId))
    .limit(1);
  return row;
}

/**
 * Serializes code requests for one proposal to the end of the transaction, so two requests at once cannot
 * both see room for one more code.
 */
export async function lockAnswerCodes(db: Db, proposalId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`answer-code:${proposalId}`}))`);
}

/** Codes sent for the proposal in the last hour, the newest one's time, and codes sent to the address. */
export async function countRecentAnswerCodes(
  db: Db,
  proposalId: string,
  toAddress: string,
): Promise<{ byProposal: number; newestAt: Date | null; byRecipient: number }> {
  const result = await db.execute<{ by_proposal: number; newest: string | null; by_to: number }>(sql`
    select (select count(*)::int from ${answerCodes} where proposal_id = ${proposalId} and created_at > now() - interval '1 hour') as by_proposal,
           (select max(created_at) from ${answerCodes} where proposal_id = ${proposalId}) as newest,
           (select count(*)::int from ${emailOutbox} where to_address = ${toAddress} and kind = 'answer_code' and created_at > now() - interval '1 hour') as by_to`);
  const row = result.rows[0];
  return {
    byProposal: row?.by_proposal ?? 0,
    newestAt: row?.newest ? new Date(row.newest) : null,
    byRecipient: row?.by_to ?? 0,
  };
}

export async function insertAnswerCode(
  db: Db,
  values: typeof answerCodes.$inferInsert,
): Promise<typeof answerCodes.$inferSelect> {
  const [row] = await db.insert(answerCodes).values(values).returning();
  if (!row) throw new Error('answer code insert returned nothing');
  return row;
}

/** The proposal's newest code: only it counts, a resend replaces the earlier ones. */
export async function selectNewestAnswerCode(db: Db, proposalId: string) {
  const [row] = await db
    .select()
    .from(answerCodes)
    .where(eq(answerCodes.proposalId, proposalId))
    .orderBy(desc(answerCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Takes one try of the code, committed on its own before the code is compared (so a wrong try counts even
 * though the answer fails); null when none is left. Returns the tries taken so far.
 */
export async function countAnswerCodeAttempt(
  db: Db,
  id: string,
  maxAttempts: number,
): Promise<number | null> {
  const [row] = await db
    .update(answerCodes)
    .set({ attempts: sql`${answerCodes.attempts} + 1` })
    .where(and(eq(answerCodes.id, id), lt(answerCodes.attempts, maxAttempts)))
    .returning({ attempts: answerCodes.attempts });
  return row?.attempts ?? null;
}

/**
 * Uses the code once: only an unused, unexpired code changes, so of two answers with the same code only one
 * gets the row back (inside the answer's transaction: a refused answer leaves it unused).
 */
export async function useAnswerCode(db: Db, id: string, usedAt: Date): Promise<boolean> {
  const rows = await db
    .update(answerCodes)
    .set({ usedAt })
    .where(and(eq(answerCodes.id, id), isNull(answerCodes.usedAt), gt(answerCodes.expiresAt, sql`now()`)))
    .returning({ id: answerCodes.id });
  return rows.length === 1;
}
