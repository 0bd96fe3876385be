import { MESSAGES } from '@aceite/shared/messages';
import { planById } from '@aceite/shared/pricing';
import { DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import type { PlanUsage } from '@aceite/shared/schemas/plan-usage';
import type {
  Organization,
  OrganizationBranding,
  OrganizationInputSchema,
  ProfileInputSchema,
} from '@aceite/shared/schemas/users';
import { trialState } from '@aceite/shared/trial';
import { vatRegionOf } from '@aceite/shared/vat';
import type { z } from 'zod';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { now } from '@/lib/clock.ts';
import { assertWithinPlan, selectPlanUsage } from '@/lib/entitlements.ts';
import { hashPassword, verifyPassword } from '@/lib/password.ts';
import { type ActorContext, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import {
  revokeOtherSessions,
  selectOwnOrganization,
  selectOwnUser,
  updateOwnOrganization,
  updateOwnUser,
} from './settings.queries.ts';

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
  timezone: string;
}

export async function getProfile(ctx: ActorContext): Promise<Profile> {
  const user = await selectOwnUser(ctx);
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    locale: user.locale,
    timezone: user.timezone,
  };
}

export async function updateProfile(
  ctx: ActorContext,
  input: z.output<typeof ProfileInputSchema>,
): Promise<Profile> {
  await updateOwnUser(ctx, input);
  return getProfile(ctx);
}

/** Checks the current password; other sessions are signed out, this one stays. */
export async function changePassword(
  ctx: ActorContext,
  input: { currentPassword: string; newPassword: string },
  sessionId: string | undefined,
): Promise<void> {
  const user = await selectOwnUser(ctx);
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', MESSAGES.currentPasswordWrong);
  }
  await updateOwnUser(ctx, { passwordHash: await hashPassword(input.newPassword) });
  await revokeOtherSessions(ctx, sessionId);
}

function toOrganizationDto(
  row: NonNullable<Awaited<ReturnType<typeof selectOwnOrganization>>>,
): Organization {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    plan: row.plan,
    branding: row.branding,
    settings: row.settings,
  };
}

export async function getOrganization(ctx: TenantContext): Promise<Organization> {
  assertCan(ctx.role, 'organization:manage');
  const row = await selectOwnOrganization(ctx);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return toOrganizationDto(row);
}

/** The organization's name and brand, for every member (the top bar); no settings or plan. */
export async function getOrganizationBranding(ctx: TenantContext): Promise<OrganizationBranding> {
  const row = await selectOwnOrganization(ctx);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  const { settings } = row;
  const { organizationName, primaryColor, logo } = brandOf(row);
  return {
    name: organizationName,
    primaryColor,
    logo,
    proposalValidityDays: settings.proposalValidityDays ?? DEFAULT_VALIDITY_DAYS,
    vatRegion: vatRegionOf(settings),
  };
}

export async function updateOrganization(
  ctx: TenantContext,
  input: z.output<typeof OrganizationInputSchema>,
): Promise<Organization> {
  assertCan(ctx.role, 'organization:manage');
  const row = await withTx(ctx, async (tx) => {
    // The logo is stored for the organization and counts in its storage (docs/product.md#plans): a larger one
    // needs the room it adds, checked with the row locked as an attachment's upload is.
    const current = await selectOwnOrganization(tx);
    const added = logoBytes(input.branding.logo) - logoBytes(current?.branding.logo);
    if (added > 0) await assertWithinPlan(tx, 'storageBytes', added);
    return updateOwnOrganization(tx, input);
  });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return toOrganizationDto(row);
}

/** The logo's stored size as `lib/entitlements.ts` counts it (the data URL's bytes; base64 is ASCII). */
function logoBytes(logo: string | null | undefined): number {
  return logo ? Buffer.byteLength(logo, 'utf8') : 0;
}

/** The plan and what the organization uses of it (admins; docs/product.md#plans). */
export async function getPlanUsage(ctx: TenantContext): Promise<PlanUsage> {
  assertCan(ctx.role, 'organization:manage');
  const usage = await selectPlanUsage(ctx);
  const plan = planById(usage.plan);
  const trial = trialState(usage.trialEndsAt, now());
  return {
    plan: usage.plan,
    planName: plan.name,
    priceMonthly: plan.priceMonthly,
    priceYearly: plan.priceYearly,
    trialEndsAt: usage.trialEndsAt?.toISOString() ?? null,
    readOnly: trial.kind === 'ended',
    trialDaysLeft: trial.kind === 'active' ? trial.daysLeft : null,
    proposalsThisMonth: { used: usage.proposalsThisMonth, limit: usage.limits.proposalsPerMonth },
    users: { used: usage.users, limit: usage.limits.users },
    templates: { used: usage.templates, limit: usage.limits.templates },
    storageBytes: { used: usage.storageBytes, limit: usage.limits.storageBytes },
    api: usage.limits.api,
    webhooks: usage.limits.webhooks,
  };
}
