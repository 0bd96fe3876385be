// The one unscoped area of the API (ARCHITECTURE §5): a proposal is found by its public token alone.
// Every function here takes the token, never an id from the caller.
import { CLIENT_HAS_SEEN_STATUSES } from '@aceite/shared/proposal-status';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import { clients, organizations, proposals, users } from '@/db/schema/index.ts';

const owner = alias(users, 'owner');

/*
 * Only a proposal with the client (sent by email, or marked sent by hand after sharing the link; opened; being
 * negotiated) and not yet closed can be answered, and only those expire: a draft, one under review or approved
 * but never sent is not the client's to decide (CLIENT_HAS_SEEN_STATUSES, server-behaviour §4).
 */

export async function selectByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      proposal: proposals,
      organization: { name: organizations.name, branding: organizations.branding },
      owner: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      client: { name: clients.name, company: clients.company },
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
export async function expireOverdue(db: Db, token?: string): Promise<number> {
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
    .returning({ id: proposals.id });
  return rows.length;
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
