// The plan of an organization and its upgrade requests (docs/product.md#plans). The organization's own reads
// and writes are scoped by `inTenant`; the superadmin's (by id, across organizations) are the /admin area's.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { organizations, upgradeRequests, users } from '@/db/schema/index.ts';
import { now } from '@/lib/clock.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

/** Locks the organization's row (as `assertWithinPlan` does) and reads its plan and trial. */
export async function selectOrganizationPlanForUpdate(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      plan: organizations.plan,
      trialEndsAt: organizations.trialEndsAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update')
    .limit(1);
  return row;
}

export async function updateOrganizationPlanById(
  db: Db,
  organizationId: string,
  values: { plan?: string; trialEndsAt: Date | null },
) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: now() })
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id, plan: organizations.plan, trialEndsAt: organizations.trialEndsAt });
  return row;
}

const requestColumns = {
  request: upgradeRequests,
  requester: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

export async function selectPendingUpgradeRequest(scope: Scope) {
  const [row] = await scope.db
    .select(requestColumns)
    .from(upgradeRequests)
    .leftJoin(users, and(eq(users.id, upgradeRequests.requestedBy), sameTenant(users, upgradeRequests)))
    .where(and(inTenant(upgradeRequests, scope), eq(upgradeRequests.status, 'pending')))
    .orderBy(desc(upgradeRequests.createdAt))
    .limit(1);
  return row;
}

type RequestValues = Pick<
  typeof upgradeRequests.$inferInsert,
  'requestedPlan' | 'billingPeriod' | 'note' | 'requestedBy'
>;

export async function insertUpgradeRequest(scope: Scope, values: RequestValues) {
  const [row] = await scope.db
    .insert(upgradeRequests)
    .values({ ...values, organizationId: scope.organizationId })
    .returning({ id: upgradeRequests.id });
  return row;
}

/** The pending request takes the new choice and date: one pending request per organization. */
export async function updatePendingUpgradeRequestById(scope: Scope, id: string, values: RequestValues) {
  await scope.db
    .update(upgradeRequests)
    .set({ ...values, createdAt: now() })
    .where(and(inTenant(upgradeRequests, scope), eq(upgradeRequests.id, id)));
}

/** The superadmin's list, newest first, with each organization's plan now. */
export async function selectUpgradeRequests(db: Db, status: 'pending' | 'applied' | 'dismissed') {
  return db
    .select({
      ...requestColumns,
      organization: { id: organizations.id, name: organizations.name, plan: organizations.plan },
    })
    .from(upgradeRequests)
    .innerJoin(organizations, eq(organizations.id, upgradeRequests.organizationId))
    .leftJoin(users, eq(users.id, upgradeRequests.requestedBy))
    .where(eq(upgradeRequests.status, status))
    .orderBy(desc(upgradeRequests.createdAt))
    .limit(200);
}

/** One request with its requester; `lock` takes the request's row for the rest of the transaction. */
export async function selectUpgradeRequestById(db: Db, id: string, lock = false) {
  const query = db
    .select(requestColumns)
    .from(upgradeRequests)
    .leftJoin(users, eq(users.id, upgradeRequests.requestedBy))
    .where(eq(upgradeRequests.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: upgradeRequests }) : await query;
  return row;
}

export async function resolveUpgradeRequestById(
  db: Db,
  id: string,
  values: { status: 'applied' | 'dismissed'; resolvedBy: string; resolvedAt: Date },
) {
  await db.update(upgradeRequests).set(values).where(eq(upgradeRequests.id, id));
}
