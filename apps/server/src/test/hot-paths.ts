import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTeamOfRoles, TEST_PASSWORD } from '@/test/factories.ts';

/**
 * The app's everyday paths through its API, as one organization's members and its client walk them: sign-in,
 * a write (client, proposal, its edit and sending), the hot reads (one proposal, the list, the sidebar, the
 * dashboard), the public page and the jobs (the email outbox's claim, the webhooks', the seals', reminders).
 * Run behind PgBouncer (db/pgbouncer.test.ts) and under the statement check (security/tenant-statements.test.ts).
 * `db` seeds the organization straight into the database (a direct connection when the app's goes through a
 * pooler). Every answer must be a success: it throws with the first that is not.
 */
/** A walk's answer must be a success: throws with the first that is not. */
export function expectOk(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The API called as one signed-in person (or API key) by a walk, every answer a success (`expectOk`). */
export function apiCaller(app: FastifyInstance, accessToken: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    expectOk(
      await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload,
      }),
      `${method} ${url}`,
    );
}

export async function walkHotPaths(
  app: FastifyInstance,
  seedDb: Parameters<typeof createTeamOfRoles>[0],
): Promise<{ organizationId: string; proposalId: string; publicToken: string; accessToken: string }> {
  const team = await createTeamOfRoles(seedDb);
  const signIn = expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: team.admin.email, password: TEST_PASSWORD },
    }),
    'sign-in',
  );
  const { accessToken } = signIn.json().data as { accessToken: string };
  const call = apiCaller(app, accessToken);
  const client = (await call('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })).json().data;
  const body = {
    title: 'Website institucional',
    clientId: client.id,
    validUntil: '2099-06-30',
    content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 250000 }] },
  };
  const proposal = (await call('POST', '/proposals', body)).json().data;
  await call('PUT', `/proposals/${proposal.id}`, { ...body, title: 'Website institucional (revisto)' });
  await call('POST', `/proposals/${proposal.id}/send`);
  // The hot reads, several at once so that the pool's connections are all in use.
  const reads = [
    `/proposals/${proposal.id}`,
    '/proposals',
    '/proposals/stats',
    '/analytics/overview',
    '/analytics/top-clients?limit=5',
    '/analytics/recent-activity',
    '/notifications/unread-count',
    `/clients/${client.id}`,
  ];
  for (let round = 0; round < 3; round++) await Promise.all(reads.map((url) => call('GET', url)));
  const publicPage = await app.inject({
    method: 'GET',
    url: `/api/v1/public/proposals/${proposal.publicToken}`,
  });
  expectOk(publicPage, 'the public page');
  // The jobs: every queue's claim (FOR UPDATE SKIP LOCKED in a transaction) and the periodic passes.
  const decorated = app as unknown as {
    outbox: { drain(): Promise<number> };
    webhookWorker: { drain(): Promise<unknown> };
    sealer: { drain(): Promise<unknown> };
    reminders: { run(): Promise<unknown> };
  };
  if ((await decorated.outbox.drain()) < 1) throw new Error('the outbox sent nothing');
  await decorated.webhookWorker.drain();
  await decorated.sealer.drain();
  await decorated.reminders.run();
  return {
    organizationId: team.org.id,
    proposalId: proposal.id,
    publicToken: proposal.publicToken,
    accessToken,
  };
}
