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
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
import { inTenant, type Scope } from './tenant-scope.ts';

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

/**
 * Proposals created in the organization's current calendar month, in its time zone (docs/decisions.md,
 * "Plans"): every proposal row counts (created, duplicated, reissued; archived ones too), from the first
 * instant of the month there.
 */
async function countProposalsThisMonth(scope: Scope, at: Date): Promise<number> {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(proposals)
    .where(
      and(
        inTenant(proposals, scope),
        sql`${proposals.createdAt} >= (select date_trunc('month', ${at.toISOString()}::timestamptz at time zone o.timezone) at time zone o.timezone from ${organizations} o where o.id = ${scope.organizationId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Active members plus invitations still pending (not accepted, not expired): each may become a user. */
async function countUsers(scope: Scope, at: Date): Promise<number> {
  const [members] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, scope.organizationId), eq(users.isActive, true)));
  const [pending] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(and(inTenant(invites, scope), isNull(invites.acceptedAt), gt(invites.expiresAt, at)));
  return Number(members?.n ?? 0) + Number(pending?.n ?? 0);
}

/** The organization's own templates not archived (the platform's global ones are not its). */
async function countTemplates(scope: Scope): Promise<number> {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(templates)
    .where(and(eq(templates.organizationId, scope.organizationId), isNull(templates.archivedAt)));
  return Number(row?.n ?? 0);
}

/** Bytes stored for the organization: its attachments' recorded sizes and its logo (a data URL in branding). */
async function storageUsed(scope: Scope): Promise<number> {
  const [files] = await scope.db
    .select({ used: sql<number>`coalesce(sum(${proposalAttachments.fileSize}), 0)::bigint` })
    .from(proposalAttachments)
    .where(inTenant(proposalAttachments, scope));
  const [logo] = await scope.db
    .select({ used: sql<number>`coalesce(octet_length(${organizations.branding}->>'logo'), 0)::bigint` })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId));
  return Number(files?.used ?? 0) + Number(logo?.used ?? 0);
}

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
