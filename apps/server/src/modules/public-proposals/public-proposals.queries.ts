// The one unscoped area of the API (docs/architecture.md#tenant-scoping): a proposal is found by its public
// token alone.
// Every function here takes the token, never an id from the caller.
import type { ChosenConfiguration } from '@aceite/shared/client-choice';
import {
  CLIENT_HAS_SEEN_STATUSES,
  PROPOSAL_STATUSES,
  statusAfterChangeRequest,
} from '@aceite/shared/proposal-status';
import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import {
  answerCodes,
  clients,
  customDomains,
  emailOutbox,
  organizations,
  proposalMessages,
  proposals,
  users,
} from '@/db/schema/index.ts';
import { inTenant, sameTenant } from '@/lib/tenant-scope.ts';
import { pastValiditySql, withinValiditySql } from '@/lib/validity.ts';

const owner = alias(users, 'owner');

/*
 * Only a proposal with the client (sent by email, or marked sent by hand after sharing the link; opened; being
 * negotiated) and not yet closed can be answered, and only those expire: a draft, one under review or approved
 * but never sent is not the client's to decide (CLIENT_HAS_SEEN_STATUSES, docs/product.md#decisions).
 */

/**
 * A marker of everything the public page shows of one proposal, in one indexed statement: the row versions
 * (PostgreSQL's `xmin`, new on every update) of the proposal, its organization, owner and client, and of its
 * messages. Any change to what `loadShownProposal` (by token) and `selectPublicMessages` read changes it, so the page rendered
 * from them can be kept until it does (docs/architecture.md, "The public page"). Null for an unknown token.
 */
export async function selectPageStamp(
  db: Db,
  token: string,
): Promise<{ stamp: string; timeZone: string } | null> {
  const { rows } = await db.execute<{ stamp: string; timeZone: string }>(sql`
    select ${organizations.timezone} as "timeZone", concat_ws('|', ${proposals}.xmin, ${organizations}.xmin, ${owner}.xmin, ${clients}.xmin,
             (select count(*) || ':' || coalesce(max(m.xmin::text::bigint), 0)
                from ${proposalMessages} m where m.proposal_id = ${proposals.id}),
             -- The custom domain decides the white-label (docs/product.md#white-label).
             (select d.xmin from ${customDomains} d where d.organization_id = ${proposals.organizationId})) as stamp
      from ${proposals}
      join ${organizations} on ${organizations.id} = ${proposals.organizationId}
      join ${users} ${owner} on ${owner.id} = ${proposals.ownerId}
      left join ${clients} on ${clients.id} = ${proposals.clientId}
     where ${proposals.publicToken} = ${token}`);
  return rows[0] ?? null;
}

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
        pastValiditySql(),
      ),
    )
    .returning({ id: proposals.id, organizationId: proposals.organizationId });
  return rows;
}

/**
 * The proposal the token found, by its id and its organization: after the token's look-up every statement names
 * the organization (docs/scale.md#every-statement-names-its-organization).
 */
type FoundProposal = { id: string; organizationId: string };
/** One row of an organization's (an answer code): its id and its organization. */
type TenantRow = FoundProposal;

/** The first view of a sent proposal marks it viewed; true only for the request that made the change. */
export async function markViewed(db: Db, p: FoundProposal): Promise<boolean> {
  const rows = await db
    .update(proposals)
    .set({ status: 'viewed', updatedAt: new Date() })
    .where(and(eq(proposals.id, p.id), inTenant(proposals, p), eq(proposals.status, 'sent')))
    .returning({ id: proposals.id });
  return rows.length === 1;
}

export async function incrementViewCount(db: Db, p: FoundProposal): Promise<void> {
  await db
    .update(proposals)
    .set({ viewCount: sql`${proposals.viewCount} + 1`, lastViewedAt: new Date() })
    .where(and(eq(proposals.id, p.id), inTenant(proposals, p)));
}

/**
 * One atomic conditional update per public action: only a proposal still open to an answer changes, so of two
 * concurrent actions exactly one gets a row back.
 */
export async function decideByToken(
  db: Db,
  token: string,
  p: FoundProposal,
  values: Partial<typeof proposals.$inferInsert>,
): Promise<typeof proposals.$inferSelect | undefined> {
  const [row] = await db
    .update(proposals)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(proposals.publicToken, token),
        inTenant(proposals, p),
        inArray(proposals.status, CLIENT_HAS_SEEN_STATUSES),
        withinValiditySql(),
      ),
    )
    .returning();
  return row;
}

/** Stores the client's configuration on the proposal just decided (in the answer's transaction). */
export async function storeClientChoice(
  db: Db,
  token: string,
  p: FoundProposal,
  configuration: ChosenConfiguration,
): Promise<void> {
  await db
    .update(proposals)
    .set({ clientChoice: configuration, chosenTotal: configuration.totalValue })
    .where(and(eq(proposals.publicToken, token), inTenant(proposals, p)));
}

/** Who to tell about a client's answer: the proposal's owner, the organization's name and brand, the client. */
export async function selectAnswerRecipient(db: Db, p: FoundProposal) {
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
    .innerJoin(owner, and(eq(owner.id, proposals.ownerId), sameTenant(owner, proposals)))
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .leftJoin(clients, and(eq(clients.id, proposals.clientId), sameTenant(clients, proposals)))
    .where(and(eq(proposals.id, p.id), inTenant(proposals, p)))
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
export async function selectNewestAnswerCode(db: Db, p: FoundProposal) {
  const [row] = await db
    .select()
    .from(answerCodes)
    .where(and(eq(answerCodes.proposalId, p.id), inTenant(answerCodes, p)))
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
  code: TenantRow,
  maxAttempts: number,
): Promise<number | null> {
  const [row] = await db
    .update(answerCodes)
    .set({ attempts: sql`${answerCodes.attempts} + 1` })
    .where(
      and(eq(answerCodes.id, code.id), inTenant(answerCodes, code), lt(answerCodes.attempts, maxAttempts)),
    )
    .returning({ attempts: answerCodes.attempts });
  return row?.attempts ?? null;
}

/**
 * Uses the code once: only an unused, unexpired code changes, so of two answers with the same code only one
 * gets the row back (inside the answer's transaction: a refused answer leaves it unused).
 */
export async function useAnswerCode(db: Db, code: TenantRow, usedAt: Date): Promise<boolean> {
  const rows = await db
    .update(answerCodes)
    .set({ usedAt })
    .where(
      and(
        eq(answerCodes.id, code.id),
        inTenant(answerCodes, code),
        isNull(answerCodes.usedAt),
        gt(answerCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: answerCodes.id });
  return rows.length === 1;
}

/** The conversation as the client sees it, oldest first (no ids, no emails). */
export async function selectPublicMessages(db: Db, p: FoundProposal) {
  const rows = await db
    .select({
      kind: proposalMessages.kind,
      authorName: proposalMessages.authorName,
      message: proposalMessages.body,
      createdAt: proposalMessages.createdAt,
    })
    .from(proposalMessages)
    .where(and(eq(proposalMessages.proposalId, p.id), inTenant(proposalMessages, p)))
    .orderBy(proposalMessages.createdAt, proposalMessages.id);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Serializes the client messages of one proposal, so two concurrent ones both see each other in the count. */
export async function lockProposalForMessage(db: Db, p: FoundProposal): Promise<void> {
  await db.execute(
    sql`select 1 from ${proposals} where ${proposals.id} = ${p.id} and ${proposals.organizationId} = ${p.organizationId} for update`,
  );
}

/** Client messages in the last hour: on this proposal, and from this network (any proposal). */
export async function countRecentClientMessages(db: Db, p: FoundProposal, ip: string) {
  const since = sql`now() - interval '1 hour'`;
  const clientKinds = inArray(proposalMessages.kind, ['question', 'change_request']);
  const [byProposal] = await db
    .select({ n: count() })
    .from(proposalMessages)
    .where(
      and(
        eq(proposalMessages.proposalId, p.id),
        inTenant(proposalMessages, p),
        clientKinds,
        gt(proposalMessages.createdAt, since),
      ),
    );
  const [byIp] = await db
    .select({ n: count() })
    .from(proposalMessages)
    .where(and(eq(proposalMessages.ip, ip), clientKinds, gt(proposalMessages.createdAt, since)));
  return { byProposal: byProposal?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function insertClientMessage(
  db: Db,
  values: typeof proposalMessages.$inferInsert,
): Promise<typeof proposalMessages.$inferSelect> {
  const [row] = await db.insert(proposalMessages).values(values).returning();
  if (!row) throw new Error('message not stored');
  return row;
}

/** The statuses `statusAfterChangeRequest` moves (the rule lives in proposal-status.ts). */
const MOVED_BY_CHANGE_REQUEST = PROPOSAL_STATUSES.filter((s) => statusAfterChangeRequest(s) !== s);

/**
 * A change request moves a sent or opened proposal to under_negotiation
 * (`statusAfterChangeRequest`, docs/product.md#client-questions-and-change-requests); true when it moved.
 */
export async function markUnderNegotiation(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(proposals)
    .set({ status: 'under_negotiation', updatedAt: new Date() })
    .where(and(eq(proposals.id, id), inArray(proposals.status, MOVED_BY_CHANGE_REQUEST)))
    .returning({ id: proposals.id });
  return rows.length === 1;
}
