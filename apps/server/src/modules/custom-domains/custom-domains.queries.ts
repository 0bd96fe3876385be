import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { customDomains, organizations, proposals } from '@/db/schema/index.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

export type CustomDomainRow = typeof customDomains.$inferSelect;

export async function selectCustomDomain(scope: Scope): Promise<CustomDomainRow | undefined> {
  const [row] = await scope.db.select().from(customDomains).where(inTenant(customDomains, scope)).limit(1);
  return row;
}

/** Sets the organization's domain; a new domain starts unverified with a new token, the same one is kept. */
export async function upsertCustomDomain(
  scope: Scope,
  values: { domain: string; verificationToken: string; updatedBy: string | null; updatedAt: Date },
): Promise<void> {
  await scope.db
    .insert(customDomains)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoUpdate({
      target: customDomains.organizationId,
      set: { ...values, verifiedAt: null },
    });
}

export async function deleteCustomDomain(scope: Scope): Promise<boolean> {
  const gone = await scope.db
    .delete(customDomains)
    .where(inTenant(customDomains, scope))
    .returning({ id: customDomains.organizationId });
  return gone.length > 0;
}

export async function markCustomDomainVerified(scope: Scope, at: Date): Promise<void> {
  await scope.db.update(customDomains).set({ verifiedAt: at }).where(inTenant(customDomains, scope));
}

/** Whether another organization has verified this domain (the 409 before anything is saved). */
export async function verifiedElsewhere(scope: Scope, domain: string): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: customDomains.organizationId })
    .from(customDomains)
    .where(and(eq(customDomains.domain, domain), isNotNull(customDomains.verifiedAt)))
    .limit(1);
  return Boolean(row && row.id !== scope.organizationId);
}

/**
 * The organization a verified custom host belongs to (no session: the Host header names it), with its plan,
 * or undefined for an unknown or unverified host. Only an active organization.
 */
export async function selectHostOwner(
  db: Db,
  domain: string,
): Promise<{ organizationId: string; plan: string } | undefined> {
  const [row] = await db
    .select({ organizationId: customDomains.organizationId, plan: organizations.plan })
    .from(customDomains)
    .innerJoin(organizations, eq(organizations.id, customDomains.organizationId))
    .where(
      and(
        eq(customDomains.domain, domain),
        isNotNull(customDomains.verifiedAt),
        eq(organizations.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

/** The organization of a public link, or undefined for an unknown one. */
export async function selectTokenOwner(db: Db, publicToken: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: proposals.organizationId })
    .from(proposals)
    .where(eq(proposals.publicToken, publicToken))
    .limit(1);
  return row?.organizationId;
}

/** The verified custom domain of an organization (links in the client's emails, the PDF's verification link). */
export async function selectVerifiedDomainOf(db: Db, organizationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    .where(and(eq(customDomains.organizationId, organizationId), isNotNull(customDomains.verifiedAt)))
    .limit(1);
  return row?.domain;
}
