import { MESSAGES, PLAN_MESSAGES } from '@aceite/shared/messages';
import { planOf } from '@aceite/shared/plans';
import type {
  AdminUpgradeRequest,
  PendingUpgradeRequest,
  UpgradeRequest,
  UpgradeRequestInputSchema,
} from '@aceite/shared/schemas/upgrade-requests';
import type { z } from 'zod';
import type { Db } from '@/db/client.ts';
import type { upgradeRequests } from '@/db/schema/index.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { type BillingProvider, manualBilling } from '@/lib/billing.ts';
import { now } from '@/lib/clock.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  insertUpgradeRequest,
  resolveUpgradeRequestById,
  selectOrganizationPlanForUpdate,
  selectPendingUpgradeRequest,
  selectUpgradeRequestById,
  selectUpgradeRequests,
  updateOrganizationPlanById,
  updatePendingUpgradeRequestById,
} from './plans.queries.ts';

/*
 * An organization's plan: the superadmin's plan change and trial extension, and the admins' upgrade requests
 * (issue 38, docs/product.md#plans; the choices in docs/decisions.md, "Plans: the superadmin's tools and
 * upgrade requests").
 */

const DAY_MS = 86_400_000;

/** The superadmin acting, from the verified session (never an impersonated one: the /admin routes refuse it). */
export interface PlatformActor {
  userId: string;
  ip: string;
}

export interface OrganizationPlan {
  id: string;
  plan: string;
  trialEndsAt: string | null;
}

type PlanRow = { plan: string; trialEndsAt: Date | null };

const stateOf = (row: PlanRow) => ({ plan: row.plan, trialEndsAt: row.trialEndsAt?.toISOString() ?? null });

async function lockOrganization(db: Db, organizationId: string) {
  const org = await selectOrganizationPlanForUpdate(db, organizationId);
  if (!org) throw new AppError('NOT_FOUND', PLAN_MESSAGES.organizationNotFound);
  return org;
}

/** Sets the plan and ends the trial (a chosen plan is no trial), audited with before and after. */
async function setPlanLocked(
  db: Db,
  actor: PlatformActor,
  organizationId: string,
  plan: string,
  audit: { action: string; entity?: string; entityId?: string },
): Promise<OrganizationPlan> {
  const before = await lockOrganization(db, organizationId);
  const after = await updateOrganizationPlanById(db, organizationId, { plan, trialEndsAt: null });
  if (!after) throw new AppError('NOT_FOUND', PLAN_MESSAGES.organizationNotFound);
  await recordAudit(db, {
    organizationId,
    actorId: actor.userId,
    action: audit.action,
    entity: audit.entity ?? 'organization',
    entityId: audit.entityId ?? organizationId,
    metadata: { before: stateOf(before), after: stateOf(after) },
    ip: actor.ip,
  });
  return { id: after.id, ...stateOf(after) };
}

/**
 * `PUT /admin/organizations/{id}/plan`. A downgrade deletes nothing: over-limit items stay and only new ones
 * are refused (docs/product.md#plans).
 */
export function changePlan(
  db: Db,
  actor: PlatformActor,
  organizationId: string,
  plan: string,
): Promise<OrganizationPlan> {
  return db.transaction((tx) =>
    setPlanLocked(tx, actor, organizationId, plan, { action: 'admin.plan_change' }),
  );
}

/**
 * `POST /admin/organizations/{id}/trial`: the trial ends `days` after the later of now and its current end, so
 * an ended trial (a read-only organization) opens again. An organization with a chosen plan has no trial to
 * extend.
 */
export function extendTrial(
  db: Db,
  actor: PlatformActor,
  organizationId: string,
  days: number,
): Promise<OrganizationPlan> {
  return db.transaction(async (tx) => {
    const before = await lockOrganization(tx, organizationId);
    if (!before.trialEndsAt) throw fieldError('days', PLAN_MESSAGES.trialNotOnTrial);
    const from = Math.max(now().getTime(), before.trialEndsAt.getTime());
    const after = await updateOrganizationPlanById(tx, organizationId, {
      trialEndsAt: new Date(from + days * DAY_MS),
    });
    if (!after) throw new AppError('NOT_FOUND', PLAN_MESSAGES.organizationNotFound);
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: 'admin.trial_extend',
      entity: 'organization',
      entityId: organizationId,
      metadata: { days, before: stateOf(before), after: stateOf(after) },
      ip: actor.ip,
    });
    return { id: after.id, ...stateOf(after) };
  });
}

type RequestRow = {
  request: typeof upgradeRequests.$inferSelect;
  requester: string | null;
};

function toUpgradeRequest({ request, requester }: RequestRow): UpgradeRequest {
  return {
    id: request.id,
    plan: planOf(request.requestedPlan),
    billingPeriod: request.billingPeriod === 'yearly' ? 'yearly' : 'monthly',
    note: request.note,
    status: request.status as UpgradeRequest['status'],
    requestedBy: requester,
    createdAt: request.createdAt.toISOString(),
    resolvedAt: request.resolvedAt?.toISOString() ?? null,
  };
}

/** `GET /settings/organization/upgrade-requests` (admins): the pending request, or null. */
export async function getPendingUpgradeRequest(ctx: TenantContext): Promise<PendingUpgradeRequest> {
  assertCan(ctx.role, 'organization:manage');
  const row = await selectPendingUpgradeRequest(ctx);
  return { pending: row ? toUpgradeRequest(row) : null };
}

/**
 * `POST /settings/organization/upgrade-requests` (admins; allowed while read-only, the way out of it): records
 * the choice, replacing the pending request if there is one, and hands it to the billing provider. The
 * current plan may not be asked for again, except during the trial (keeping the trial's plan is a choice).
 */
export async function requestPlanChange(
  ctx: TenantContext,
  input: z.output<typeof UpgradeRequestInputSchema>,
  billing: BillingProvider = manualBilling,
): Promise<UpgradeRequest> {
  assertCan(ctx.role, 'organization:manage');
  const id = await withTx(ctx, async (tx) => {
    // The organization's row first: two requests at once never make two pending ones.
    const org = await lockOrganization(tx.db, tx.organizationId);
    if (org.plan === input.plan && !org.trialEndsAt) throw fieldError('plan', PLAN_MESSAGES.upgradeSamePlan);
    const values = {
      requestedPlan: input.plan,
      billingPeriod: input.billingPeriod,
      note: input.note,
      requestedBy: personOf(tx),
    };
    const pending = await selectPendingUpgradeRequest(tx);
    let requestId: string;
    if (pending) {
      await updatePendingUpgradeRequestById(tx, pending.request.id, values);
      requestId = pending.request.id;
    } else {
      const row = await insertUpgradeRequest(tx, values);
      if (!row) throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
      requestId = row.id;
    }
    await recordAudit(tx.db, {
      organizationId: tx.organizationId,
      actorId: personOf(tx),
      impersonatorId: tx.impersonatorId,
      action: 'plan.upgrade_request',
      entity: 'upgrade_request',
      entityId: requestId,
      metadata: { plan: input.plan, billingPeriod: input.billingPeriod, currentPlan: org.plan },
    });
    return requestId;
  });
  await billing.requestPlanChange({
    organizationId: ctx.organizationId,
    requestId: id,
    plan: input.plan,
    billingPeriod: input.billingPeriod,
  });
  const row = await selectPendingUpgradeRequest(ctx);
  if (!row) throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
  return toUpgradeRequest(row);
}

/** `GET /admin/upgrade-requests?status=pending` (superadmin). */
export async function listUpgradeRequests(
  db: Db,
  status: 'pending' | 'applied' | 'dismissed',
): Promise<{ requests: AdminUpgradeRequest[] }> {
  const rows = await selectUpgradeRequests(db, status);
  return {
    requests: rows.map((row) => ({ ...toUpgradeRequest(row), organization: row.organization })),
  };
}

/**
 * "Aplicar" or "Recusar" a pending request (superadmin, audited). Applying sets the plan as
 * `PUT /admin/organizations/{id}/plan` does. The organization's row is locked before the request's, in the
 * order the admins' requests take them.
 */
export function resolveUpgradeRequest(
  db: Db,
  actor: PlatformActor,
  id: string,
  decision: 'applied' | 'dismissed',
): Promise<AdminUpgradeRequest> {
  return db.transaction(async (tx) => {
    const found = await selectUpgradeRequestById(tx, id);
    if (!found) throw new AppError('NOT_FOUND', PLAN_MESSAGES.upgradeRequestNotFound);
    await lockOrganization(tx, found.request.organizationId);
    const locked = await selectUpgradeRequestById(tx, id, true);
    if (!locked) throw new AppError('NOT_FOUND', PLAN_MESSAGES.upgradeRequestNotFound);
    const { request } = locked;
    if (request.status !== 'pending') throw new AppError('CONFLICT', PLAN_MESSAGES.upgradeRequestResolved);
    const audit = { entity: 'upgrade_request', entityId: request.id };
    if (decision === 'applied') {
      await setPlanLocked(tx, actor, request.organizationId, request.requestedPlan, {
        action: 'admin.upgrade_request_apply',
        ...audit,
      });
    } else {
      await recordAudit(tx, {
        organizationId: request.organizationId,
        actorId: actor.userId,
        action: 'admin.upgrade_request_dismiss',
        ...audit,
        metadata: { plan: request.requestedPlan, billingPeriod: request.billingPeriod },
        ip: actor.ip,
      });
    }
    const resolvedAt = now();
    await resolveUpgradeRequestById(tx, request.id, {
      status: decision,
      resolvedBy: actor.userId,
      resolvedAt,
    });
    const org = await lockOrganization(tx, request.organizationId);
    return {
      ...toUpgradeRequest({
        request: { ...request, status: decision, resolvedBy: actor.userId, resolvedAt },
        requester: locked.requester,
      }),
      organization: { id: org.id, name: org.name, plan: org.plan },
    };
  });
}
