import { and, eq, gt, isNotNull, isNull, lte, notInArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  organizations,
  ssoConnections,
  ssoDomains,
  ssoFlows,
  ssoSamlAssertions,
  users,
} from '@/db/schema/index.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;

export async function selectConnection(scope: Scope): Promise<SsoConnectionRow | undefined> {
  const [row] = await scope.db.select().from(ssoConnections).where(inTenant(ssoConnections, scope)).limit(1);
  return row;
}

export async function selectDomains(scope: Scope): Promise<SsoDomainRow[]> {
  return scope.db.select().from(ssoDomains).where(inTenant(ssoDomains, scope)).orderBy(ssoDomains.domain);
}

export async function upsertConnection(
  scope: Scope,
  values: Omit<typeof ssoConnections.$inferInsert, 'organizationId'>,
): Promise<SsoConnectionRow> {
  const row = { ...values, organizationId: scope.organizationId };
  const [written] = await scope.db
    .insert(ssoConnections)
    .values(row)
    .onConflictDoUpdate({ target: ssoConnections.organizationId, set: values })
    .returning();
  if (!written) throw new Error('sso connection upsert returned nothing');
  return written;
}

/** Keeps the listed domains (with their tokens and verification), adds the new ones, drops the others. */
export async function replaceDomains(scope: Scope, domains: string[], newToken: () => string): Promise<void> {
  await scope.db
    .delete(ssoDomains)
    .where(and(inTenant(ssoDomains, scope), notInArray(ssoDomains.domain, domains)));
  await scope.db
    .insert(ssoDomains)
    .values(
      domains.map((domain) => ({
        organizationId: scope.organizationId,
        domain,
        verificationToken: newToken(),
      })),
    )
    .onConflictDoNothing();
}

export async function deleteConnection(scope: Scope): Promise<boolean> {
  await scope.db.delete(ssoDomains).where(inTenant(ssoDomains, scope));
  await scope.db.delete(ssoFlows).where(inTenant(ssoFlows, scope));
  await scope.db.delete(ssoSamlAssertions).where(inTenant(ssoSamlAssertions, scope));
  const gone = await scope.db
    .delete(ssoConnections)
    .where(inTenant(ssoConnections, scope))
    .returning({ id: ssoConnections.organizationId });
  return gone.length > 0;
}

export async function selectDomain(scope: Scope, domain: string): Promise<SsoDomainRow | undefined> {
  const [row] = await scope.db
    .select()
    .from(ssoDomains)
    .where(and(inTenant(ssoDomains, scope), eq(ssoDomains.domain, domain)))
    .limit(1);
  return row;
}

export async function markDomainVerified(scope: Scope, id: string, at: Date): Promise<SsoDomainRow> {
  const [row] = await scope.db
    .update(ssoDomains)
    .set({ verifiedAt: at })
    .where(and(inTenant(ssoDomains, scope), eq(ssoDomains.id, id)))
    .returning();
  if (!row) throw new Error('sso domain vanished');
  return row;
}

/** An active member who is an admin of the organization (the break-glass admin must be one). */
export async function selectActiveAdmin(scope: Scope, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inTenant(users, scope), eq(users.id, userId), eq(users.role, 'admin'), eq(users.isActive, true)),
    )
    .limit(1);
  return row;
}

/**
 * The organization whose connection covers a verified domain, for the sign-in (no session yet, so no tenant:
 * the domain names the organization). Only an active organization.
 */
export async function selectConnectionForDomain(
  db: Db,
  domain: string,
): Promise<(SsoConnectionRow & { plan: string }) | undefined> {
  const [row] = await db
    .select({ connection: ssoConnections, plan: organizations.plan })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.organizationId, ssoDomains.organizationId))
    .innerJoin(organizations, eq(organizations.id, ssoDomains.organizationId))
    .where(
      and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt), eq(organizations.isActive, true)),
    )
    .limit(1);
  return row ? { ...row.connection, plan: row.plan } : undefined;
}

export async function insertFlow(db: Db, values: typeof ssoFlows.$inferInsert): Promise<void> {
  await db.insert(ssoFlows).values(values);
}

/** Takes a live flow by its state's hash, deleting it: a state is used once (a replay finds nothing). */
export async function takeFlow(
  db: Db,
  stateHash: string,
  at: Date,
): Promise<typeof ssoFlows.$inferSelect | undefined> {
  // Expired flows go too, whoever's: the table only ever holds ten minutes of sign-ins.
  await db.delete(ssoFlows).where(lte(ssoFlows.expiresAt, at));
  const [row] = await db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.stateHash, stateHash), gt(ssoFlows.expiresAt, at)))
    .returning();
  return row;
}

/** A live SAML flow the ACS has not answered yet, by its RelayState's hash (not taken: the callback takes it). */
export async function selectOpenSamlFlow(
  db: Db,
  stateHash: string,
  at: Date,
): Promise<typeof ssoFlows.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ssoFlows)
    .where(
      and(
        eq(ssoFlows.stateHash, stateHash),
        eq(ssoFlows.protocol, 'saml'),
        isNull(ssoFlows.samlCodeHash),
        gt(ssoFlows.expiresAt, at),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Hands the flow its one-time code, once: false when another answer got there first. Within the organization
 * whose flow the RelayState found (`selectOpenSamlFlow`).
 */
export async function answerSamlFlow(
  scope: Scope,
  stateHash: string,
  codeHash: string,
  profile: { email: string; firstName?: string; lastName?: string },
): Promise<boolean> {
  const rows = await scope.db
    .update(ssoFlows)
    .set({ samlCodeHash: codeHash, samlProfile: profile })
    .where(and(inTenant(ssoFlows, scope), eq(ssoFlows.stateHash, stateHash), isNull(ssoFlows.samlCodeHash)))
    .returning({ stateHash: ssoFlows.stateHash });
  return rows.length > 0;
}

/**
 * Records an accepted assertion; false when it was already recorded (a replay). The expired ones go first,
 * whoever's: the table only holds assertions that could still be presented.
 */
export async function recordSamlAssertion(
  db: Db,
  organizationId: string,
  assertionId: string,
  expiresAt: Date,
  at: Date,
): Promise<boolean> {
  await db.delete(ssoSamlAssertions).where(lte(ssoSamlAssertions.expiresAt, at));
  const rows = await db
    .insert(ssoSamlAssertions)
    .values({ organizationId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: ssoSamlAssertions.assertionId });
  return rows.length > 0;
}
