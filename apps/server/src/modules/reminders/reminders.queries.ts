import { CLIENT_HAS_SEEN_STATUSES } from '@aceite/shared/proposal-status';
import type { ClientReminderKind } from '@aceite/shared/schemas/organization-settings';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  clients,
  organizations,
  ownerReminderSummaries,
  proposalReminderOptOuts,
  proposalReminders,
  proposals,
  users,
} from '@/db/schema/index.ts';
import { loadShownProposal } from '@/modules/proposal-projections/shown-proposal.ts';

/**
 * Proposals with the client (sent, opened, negotiating), sent at least a day before `sentBefore`, not archived,
 * with a client email and no opt-out, across every organization (docs/product.md#reminders): the job decides
 * which reminder, if any, is due. A read-only organization's (its trial ended at `at`) are left out: nothing new
 * is sent for it, the reminders included (docs/decisions.md, "Plans: the read-only organization after the trial").
 */
export async function selectReminderCandidates(db: Db, sentBefore: Date, at: Date) {
  // A proposal reminded within the day (sentBefore is a day before now) waits: at most one a day.
  return db
    .select({
      id: proposals.id,
      organizationId: proposals.organizationId,
      status: proposals.status,
      sentAt: proposals.sentAt,
      lastViewedAt: proposals.lastViewedAt,
      validUntil: proposals.validUntil,
      settings: organizations.settings,
      timeZone: organizations.timezone,
      sentKinds: sql<
        ClientReminderKind[]
      >`coalesce((select array_agg(${proposalReminders.kind}) from ${proposalReminders} where ${proposalReminders.proposalId} = ${proposals.id}), '{}')`,
      lastReminderAt: sql<Date | null>`(select max(${proposalReminders.createdAt}) from ${proposalReminders} where ${proposalReminders.proposalId} = ${proposals.id})`,
    })
    .from(proposals)
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(proposalReminderOptOuts, eq(proposalReminderOptOuts.proposalId, proposals.id))
    .where(
      and(
        inArray(proposals.status, CLIENT_HAS_SEEN_STATUSES),
        isNull(proposals.archivedAt),
        isNotNull(proposals.sentAt),
        lte(proposals.sentAt, sentBefore),
        isNull(proposalReminderOptOuts.proposalId),
        sql`(${organizations.trialEndsAt} is null or ${organizations.trialEndsAt} > ${at.toISOString()}::timestamptz)`,
        sql`not exists (select 1 from ${proposalReminders} where ${proposalReminders.proposalId} = ${proposals.id} and ${proposalReminders.createdAt} > ${sentBefore})`,
      ),
    );
}

/**
 * The proposal, locked, with what its reminder needs: client, owner and organization (the shown proposal's one
 * loader, modules/proposal-projections), and whether and when it was reminded.
 */
export async function selectReminderProposalForUpdate(db: Db, id: string) {
  const loaded = await loadShownProposal({ db }, { id }, { lock: true });
  if (!loaded) return undefined;
  const [state] = await db
    .select({
      optedOut: sql<boolean>`exists (select 1 from ${proposalReminderOptOuts} where ${proposalReminderOptOuts.proposalId} = ${proposals.id})`,
      lastReminderAt: sql<Date | null>`(select max(${proposalReminders.createdAt}) from ${proposalReminders} where ${proposalReminders.proposalId} = ${proposals.id})`,
    })
    .from(proposals)
    .where(eq(proposals.id, id));
  return {
    proposal: loaded.proposal,
    clientName: loaded.client?.name ?? null,
    // The recipient frozen at sending, else (never sent) the client's (docs/product.md#recipient).
    clientEmail: loaded.proposal.recipientEmail ?? loaded.client?.email ?? null,
    ownerFirstName: loaded.owner.firstName,
    ownerLastName: loaded.owner.lastName,
    ownerEmail: loaded.owner.email,
    organizationName: loaded.organization.name,
    branding: loaded.organization.branding,
    settings: loaded.organization.settings,
    timeZone: loaded.organization.timezone,
    optedOut: state?.optedOut ?? false,
    lastReminderAt: state?.lastReminderAt ?? null,
  };
}

/** Claims the reminder of this kind for the proposal; null when one was already sent (by any process). */
export async function claimReminder(
  db: Db,
  row: {
    organizationId: string;
    proposalId: string;
    kind: ClientReminderKind;
    toAddress: string;
    createdAt: Date;
  },
): Promise<string | null> {
  const [claimed] = await db
    .insert(proposalReminders)
    .values(row)
    .onConflictDoNothing({ target: [proposalReminders.proposalId, proposalReminders.kind] })
    .returning({ id: proposalReminders.id });
  return claimed?.id ?? null;
}

export async function setReminderOutbox(db: Db, id: string, outboxId: string): Promise<void> {
  await db.update(proposalReminders).set({ outboxId }).where(eq(proposalReminders.id, id));
}

/** The active owners with proposals waiting for the client who have not had today's summary (`day`, Lisbon). */
export async function selectWaitingByOwner(db: Db, day: string) {
  return db
    .select({
      proposalId: proposals.id,
      title: proposals.title,
      status: proposals.status,
      sentAt: proposals.sentAt,
      organizationId: proposals.organizationId,
      ownerId: proposals.ownerId,
      clientName: clients.name,
      ownerFirstName: users.firstName,
      ownerEmail: users.email,
      organizationName: organizations.name,
      branding: organizations.branding,
      settings: organizations.settings,
    })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.ownerId))
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .where(
      and(
        inArray(proposals.status, CLIENT_HAS_SEEN_STATUSES),
        isNull(proposals.archivedAt),
        eq(users.isActive, true),
        eq(users.organizationId, proposals.organizationId),
        sql`not exists (select 1 from ${ownerReminderSummaries} where ${ownerReminderSummaries.userId} = ${proposals.ownerId} and ${ownerReminderSummaries.day} = ${day})`,
      ),
    )
    .orderBy(asc(proposals.ownerId), asc(proposals.sentAt), desc(proposals.createdAt));
}

/** Claims the owner's summary of this Lisbon day; null when it was already sent (by any process). */
export async function claimOwnerSummary(
  db: Db,
  row: { organizationId: string; userId: string; day: string; createdAt: Date },
): Promise<string | null> {
  const [claimed] = await db
    .insert(ownerReminderSummaries)
    .values(row)
    .onConflictDoNothing({ target: [ownerReminderSummaries.userId, ownerReminderSummaries.day] })
    .returning({ id: ownerReminderSummaries.id });
  return claimed?.id ?? null;
}

export async function setSummaryOutbox(db: Db, id: string, outboxId: string): Promise<void> {
  await db.update(ownerReminderSummaries).set({ outboxId }).where(eq(ownerReminderSummaries.id, id));
}

/** The public token's proposal and its client's email (for the opt-out). */
export async function selectProposalByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: proposals.id,
      organizationId: proposals.organizationId,
      status: proposals.status,
      archivedAt: proposals.archivedAt,
      // The recipient frozen at sending, else (never sent) the client's (docs/product.md#recipient).
      clientEmail: sql<string | null>`coalesce(${proposals.recipientEmail}, ${clients.email})`,
    })
    .from(proposals)
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .where(eq(proposals.publicToken, token));
  return row;
}

/** Records the opt-out once; true when this call recorded it. */
export async function insertOptOut(
  db: Db,
  row: { proposalId: string; organizationId: string; email: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(proposalReminderOptOuts)
    .values(row)
    .onConflictDoNothing({ target: proposalReminderOptOuts.proposalId })
    .returning({ id: proposalReminderOptOuts.proposalId });
  return rows.length === 1;
}
