import { randomUUID } from 'node:crypto';
import type { OrgRole } from '@aceite/shared/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '@/db/client.ts';
import { clients, organizations, proposals, refreshTokens, users } from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';

export const TEST_PASSWORD = 'Password123!';
let cachedHash: Promise<string> | null = null;

export async function createOrg(db: Db, values: Partial<typeof organizations.$inferInsert> = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Org ${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  if (!org) throw new Error('org not created');
  return org;
}

export interface TestUser {
  id: string;
  email: string;
  organizationId: string | null;
  role: OrgRole | 'superadmin';
}

export async function createUser(
  db: Db,
  opts: {
    organizationId?: string | null;
    role?: OrgRole | 'superadmin';
    email?: string;
    isActive?: boolean;
  } = {},
): Promise<TestUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const organizationId =
    opts.organizationId === undefined && opts.role !== 'superadmin'
      ? (await createOrg(db)).id
      : (opts.organizationId ?? null);
  const [user] = await db
    .insert(users)
    .values({
      organizationId,
      email: opts.email ?? `user-${randomUUID().slice(0, 8)}@example.pt`,
      firstName: 'Teste',
      lastName: 'Utilizador',
      role: opts.role ?? 'sales',
      passwordHash: await cachedHash,
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { id: user.id, email: user.email, organizationId: user.organizationId, role: user.role };
}

/**
 * A live session family for the user (one refresh-token row), as signing in creates: every request checks that
 * its token's session still holds.
 */
export async function createSession(db: Db, userId: string): Promise<string> {
  const familyId = randomUUID();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: `test-${randomUUID()}`,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return familyId;
}

/** Bearer headers with a real signed access token for the user, on a live session. */
export async function authHeaders(app: FastifyInstance, user: TestUser): Promise<Record<string, string>> {
  const token = await app.accessTokens.sign({
    userId: user.id,
    organizationId: user.organizationId,
    role: user.role,
    sessionId: await createSession(app.db, user.id),
  });
  return { authorization: `Bearer ${token}` };
}

/** An organization with one user per role. */
export async function createTeamOfRoles(db: Db) {
  const org = await createOrg(db);
  const [admin, manager, sales, viewer] = await Promise.all(
    (['admin', 'manager', 'sales', 'viewer'] as const).map((role) =>
      createUser(db, { organizationId: org.id, role }),
    ),
  );
  return {
    org,
    admin: admin as TestUser,
    manager: manager as TestUser,
    sales: sales as TestUser,
    viewer: viewer as TestUser,
  };
}

/** Calls the API as a user: `as(app, user)('POST', '/clients', body)`. */
export function as(app: FastifyInstance, user: TestUser) {
  let headers: Promise<Record<string, string>> | null = null;
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> => {
    headers ??= authHeaders(app, user);
    return app.inject({ method, url: `/api/v1${url}`, headers: await headers, payload: payload as object });
  };
}

/** A live API key of the admin's organization, made through the API; answers the whole key and its id. */
export async function createApiKey(
  app: FastifyInstance,
  admin: TestUser,
  scope: 'read' | 'write',
  extra: { name?: string; expiresAt?: string | null } = {},
): Promise<{ id: string; secret: string; headers: Record<string, string> }> {
  const res = await as(app, admin)('POST', '/settings/api-keys', {
    name: extra.name ?? `Chave ${scope}`,
    scope,
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`api key not created: ${res.statusCode} ${res.body}`);
  const { apiKey, secret } = res.json().data as { apiKey: { id: string }; secret: string };
  return { id: apiKey.id, secret, headers: { authorization: `Bearer ${secret}` } };
}

/**
 * A proposal inserted as sent, with its public link, straight into the database (no route, no email): where the
 * tests of the public page, its PDF, messages, reading and reminders start. By default one item of 2 500,00 €
 * plus 23 % IVA, valid until 2099; each test overrides what it is about.
 */
export async function insertSentProposal(
  db: Db,
  owner: { organizationId: string; ownerId: string; clientId?: string | null },
  values: Partial<typeof proposals.$inferInsert> = {},
): Promise<{ id: string; token: string; number: string }> {
  // Sent: the recipient is frozen from the client, as sending does (docs/product.md#recipient).
  const clientId = values.clientId !== undefined ? values.clientId : owner.clientId;
  const [client] = clientId
    ? await db
        .select({ name: clients.name, email: clients.email })
        .from(clients)
        .where(eq(clients.id, clientId))
    : [];
  const [row] = await db
    .insert(proposals)
    .values({
      ...owner,
      recipientName: client?.name ?? null,
      recipientEmail: client?.email ?? null,
      title: 'Website institucional',
      status: 'sent',
      totalValue: 307500,
      subtotal: 250000,
      taxAmount: 57500,
      validUntil: '2099-12-31',
      content: { blocks: [], items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 250000 }] },
      publicToken: newOpaqueToken(),
      ...values,
    })
    .returning({ id: proposals.id, token: proposals.publicToken, number: proposals.number });
  if (!row?.token) throw new Error('proposal not created');
  return { id: row.id, token: row.token, number: row.number };
}
