import {
  checkFeature,
  checkLimit,
  type FeatureKind,
  type LimitKind,
  limitsOf,
  type PlanId,
  type PlanLimits,
  planOf,
} from '@aceite/shared/plans';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  invites,
  organizations,
  proposalAttachments,
  proposals,
  templates,
  users,
} from '@/db/schema/index.ts';
import { AppError } from './app-error.ts';
import { now } from './clock.ts';
import type { Scope } from './tenant-scope.ts';

/*
 * The one server home of the plan's limits (docs/product.md#plans, issue 38). The limits themselves are in
 * `packages/shared/src/plans.ts`; here they are counted and enforced. Each limited action calls
 * `assertWithinPlan` inside the transaction that writes it: the organization's row is locked first (`FOR
 * UPDATE`), so two actions of one organization count one after the other and never both take the last place.
 */

/**
 * Locks the organization's row for the rest of the transaction and reads its plan. `FOR NO KEY UPDATE`: it
 * excludes the other limited actions of the organization, not the inserts whose foreign key points at the row
 * (they take `FOR KEY SHARE`), so the rest of the organization's writes never wait on it.
 */
async function lockPlan(scope: Scope): Promise<PlanId> {
  const [org] = await scope.db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId))
    .for('no key update')
    .limit(1);
  return planOf(org?.plan);
}

async function readPlan(scope: Scope): Promise<PlanId> {
  const [org] = await scope.db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId))
    .limit(1);
  return planOf(org?.plan);
}

/*
 * Each figure is counted for a set of organizations in one statement grouped by organization: the platform list
 * counts a page of 50 with four statements (docs/product.md#platform-administration), and one organization's
 * check is the same statement for one id, so the rule is written once.
 */

type Figures = Map<string, number>;

function byOrganization(rows: { organizationId: string; n: number | string | null }[]): Figures {
  return new Map(rows.map((r) => [r.organizationId, Number(r.n ?? 0)]));
}

/**
 * Proposals created in each organization's current calendar month, in its time zone (docs/decisions.md,
 * "Plans"): every proposal row counts (created, duplicated, reissued; archived ones too), from the first
 * instant of the month there.
 */
async function proposalsThisMonthOf(db: Db, ids: string[], at: Date): Promise<Figures> {
  const rows = await db
    .select({ organizationId: proposals.organizationId, n: sql<number>`count(*)::int` })
    .from(proposals)
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .where(
      and(
        inArray(proposals.organizationId, ids),
        sql`${proposals.createdAt} >= date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${organizations.timezone}) at time zone ${organizations.timezone}`,
      ),
    )
    .groupBy(proposals.organizationId);
  return byOrganization(rows);
}

/** Active members plus invitations still pending (not accepted, not expired): each may become a user. */
async function usersOf(db: Db, ids: string[], at: Date): Promise<Figures> {
  const [members, pending] = await Promise.all([
    db
      .select({ organizationId: users.organizationId, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inArray(users.organizationId, ids), eq(users.isActive, true)))
      .groupBy(users.organizationId),
    db
      .select({ organizationId: invites.organizationId, n: sql<number>`count(*)::int` })
      .from(invites)
      .where(and(inArray(invites.organizationId, ids), isNull(invites.acceptedAt), gt(invites.expiresAt, at)))
      .groupBy(invites.organizationId),
  ]);
  const total = byOrganization(
    members.flatMap((r) => (r.organizationId ? [{ ...r, organizationId: r.organizationId }] : [])),
  );
  for (const [id, n] of byOrganization(pending)) total.set(id, (total.get(id) ?? 0) + n);
  return total;
}

/** Each organization's own templates not archived (the platform's global ones are no one's). */
async function templatesOf(db: Db, ids: string[]): Promise<Figures> {
  const rows = await db
    .select({ organizationId: templates.organizationId, n: sql<number>`count(*)::int` })
    .from(templates)
    .where(and(inArray(templates.organizationId, ids), isNull(templates.archivedAt)))
    .groupBy(templates.organizationId);
  return byOrganization(
    rows.flatMap((r) => (r.organizationId ? [{ ...r, organizationId: r.organizationId }] : [])),
  );
}

/**
 * Bytes stored for each organization: its attachments' recorded sizes and its logo (a data URL in branding).
 * Sealed PDFs are not counted: their size is not recorded, and a seal is never refused (docs/decisions.md,
 * "Plans: the superadmin's tools and upgrade requests").
 */
async function storageOf(db: Db, ids: string[]): Promise<Figures> {
  const [files, logos] = await Promise.all([
    db
      .select({
        organizationId: proposalAttachments.organizationId,
        n: sql<string>`coalesce(sum(${proposalAttachments.fileSize}), 0)::bigint`,
      })
      .from(proposalAttachments)
      .where(inArray(proposalAttachments.organizationId, ids))
      .groupBy(proposalAttachments.organizationId),
    db
      .select({
        organizationId: organizations.id,
        n: sql<string>`coalesce(octet_length(${organizations.branding}->>'logo'), 0)::bigint`,
      })
      .from(organizations)
      .where(inArray(organizations.id, ids)),
  ]);
  const total = byOrganization(logos);
  for (const [id, n] of byOrganization(files)) total.set(id, (total.get(id) ?? 0) + n);
  return total;
}

async function one(figures: Promise<Figures>, scope: Scope): Promise<number> {
  return (await figures).get(scope.organizationId) ?? 0;
}

const countProposalsThisMonth = (scope: Scope, at: Date) =>
  one(proposalsThisMonthOf(scope.db, [scope.organizationId], at), scope);
const countUsers = (scope: Scope, at: Date) => one(usersOf(scope.db, [scope.organizationId], at), scope);
const countTemplates = (scope: Scope) => one(templatesOf(scope.db, [scope.organizationId]), scope);
const storageUsed = (scope: Scope) => one(storageOf(scope.db, [scope.organizationId]), scope);

function count(scope: Scope, kind: LimitKind, at: Date): Promise<number> {
  switch (kind) {
    case 'proposalsPerMonth':
      return countProposalsThisMonth(scope, at);
    case 'users':
      return countUsers(scope, at);
    case 'templates':
      return countTemplates(scope);
    case 'storageBytes':
      return storageUsed(scope);
  }
}

/**
 * Refuses with 403 PLAN_LIMIT when `adding` more of `kind` would pass the plan's limit. Call inside the
 * transaction that then writes: the lock is held until it ends.
 */
export async function assertWithinPlan(scope: Scope, kind: LimitKind, adding = 1): Promise<void> {
  // Unlimited on this plan: nothing to count, no lock to wait on.
  if (limitsOf(await readPlan(scope))[kind] === null) return;
  const plan = await lockPlan(scope);
  if (limitsOf(plan)[kind] === null) return;
  const verdict = checkLimit(plan, kind, await count(scope, kind, now()), adding);
  if (!verdict.ok) throw new AppError('PLAN_LIMIT', verdict.message);
}

/** Refuses with 403 PLAN_LIMIT when the plan lacks the feature (API access, webhooks, SEPA Direct Debit). */
export async function assertPlanFeature(scope: Scope, kind: FeatureKind): Promise<void> {
  const verdict = checkFeature(await readPlan(scope), kind);
  if (!verdict.ok) throw new AppError('PLAN_LIMIT', verdict.message);
}

/** Whether the plan includes the feature, for a screen that says so before the user tries. */
export async function planIncludes(scope: Scope, kind: FeatureKind): Promise<boolean> {
  return checkFeature(await readPlan(scope), kind).ok;
}

export interface PlanUsage {
  plan: PlanId;
  limits: PlanLimits;
  proposalsThisMonth: number;
  users: number;
  templates: number;
  storageBytes: number;
  /** The trial's end (null: a chosen plan); past, the organization is read-only (lib/read-only.ts). */
  trialEndsAt: Date | null;
}

/** What the organization uses against its plan (GET /settings/organization/usage, Configurações → Plano). */
export async function selectPlanUsage(scope: Scope, at: Date = now()): Promise<PlanUsage> {
  const [org] = await scope.db
    .select({ plan: organizations.plan, trialEndsAt: organizations.trialEndsAt })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId))
    .limit(1);
  const plan = planOf(org?.plan);
  const [proposalsThisMonth, userCount, templateCount, storage] = await Promise.all([
    countProposalsThisMonth(scope, at),
    countUsers(scope, at),
    countTemplates(scope),
    storageUsed(scope),
  ]);
  return {
    plan,
    limits: limitsOf(plan),
    proposalsThisMonth,
    users: userCount,
    templates: templateCount,
    storageBytes: storage,
    trialEndsAt: org?.trialEndsAt ?? null,
  };
}

export interface UsageFigures {
  proposalsThisMonth: number;
  users: number;
  templates: number;
  storageBytes: number;
}

/**
 * The usage of a page of organizations, for the superadmin's list (docs/product.md#platform-administration):
 * one statement per figure for the whole page, grouped by organization, never one per row.
 */
export async function selectUsageOf(
  db: Db,
  organizationIds: string[],
  at: Date = now(),
): Promise<Map<string, UsageFigures>> {
  const usage = new Map<string, UsageFigures>();
  if (organizationIds.length === 0) return usage;
  const [proposalsThisMonth, userCounts, templateCounts, storage] = await Promise.all([
    proposalsThisMonthOf(db, organizationIds, at),
    usersOf(db, organizationIds, at),
    templatesOf(db, organizationIds),
    storageOf(db, organizationIds),
  ]);
  for (const id of organizationIds) {
    usage.set(id, {
      proposalsThisMonth: proposalsThisMonth.get(id) ?? 0,
      users: userCounts.get(id) ?? 0,
      templates: templateCounts.get(id) ?? 0,
      storageBytes: storage.get(id) ?? 0,
    });
  }
  return usage;
}
