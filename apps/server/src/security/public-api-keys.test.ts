import { randomUUID } from 'node:crypto';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownVersion } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createApiKey, createTeamOfRoles } from '@/test/factories.ts';

/**
 * API keys on the public routes (issue 34, L2): the page is the client's, whose link token is the only key. An
 * integration's key is refused on every one of them (403, nothing done), live or not; the same requests without
 * it are answered as before (lib/api-key-access.ts; docs/decisions.md, "API keys are refused on every public
 * route").
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let publicToken: string;
let publicOperations: { method: string; path: string; responses: string[] }[] = [];

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BODIES: Record<string, unknown> = {
  accept: { code: '123456' },
  reject: { reason: 'Caro', code: '123456' },
  sign: { signerName: 'Integração', signerEmail: 'api@x.pt', signatureData: PNG_1X1, code: '123456' },
  messages: { kind: 'question', name: 'Integração', email: 'api@x.pt', message: 'Uma pergunta' },
  verify: { code: 'ABCD-EFGH-IJKL' },
};

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  const client = (
    await as(t.app, team.admin)('POST', '/clients', { name: 'Cliente', email: 'cliente@x.pt' })
  ).json().data.id;
  const proposal = (
    await as(t.app, team.admin)('POST', '/proposals', {
      title: 'Pública',
      clientId: client,
      validUntil: '2099-06-30',
      content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 250000 }] },
    })
  ).json().data;
  expect((await as(t.app, team.admin)('POST', `/proposals/${proposal.id}/send`)).statusCode).toBe(200);
  publicToken = proposal.publicToken;
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };
  publicOperations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/public/'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        responses: Object.keys(op.responses ?? {}),
      })),
    );
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Every row of the database that a public route could write, as one digest. */
async function fingerprint(): Promise<string> {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('rate_limits', '__drizzle_migrations')
     order by table_name`);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const row = await t.db.execute<{ digest: string | null }>(
      sql`select md5(string_agg(x::text, '|' order by x::text)) as digest from ${sql.identifier(table_name)} x`,
    );
    parts.push(`${table_name}:${row.rows[0]?.digest ?? ''}`);
  }
  return parts.join(',');
}

/** The request a client's page would make, with what the page showed (read before, as the page does). */
function call(
  op: { method: string; path: string },
  headers: Record<string, string>,
  shown: Awaited<ReturnType<typeof shownVersion>>,
) {
  const url = op.path.replace('{publicToken}', publicToken).replace('{attachmentId}', randomUUID());
  const action = url.split('/').at(-1) ?? '';
  const payload = op.method === 'POST' ? { ...shown, ...(BODIES[action] as object) } : undefined;
  return t.app.inject({ method: op.method as 'GET' | 'POST', url, headers, payload });
}

describe('API keys on the public routes', () => {
  it('finds the public routes in the OpenAPI document, each listing its 403', () => {
    const ops = publicOperations.map((op) => `${op.method} ${op.path}`);
    for (const expected of [
      'GET /api/v1/public/proposals/{publicToken}',
      'POST /api/v1/public/proposals/{publicToken}/code',
      'POST /api/v1/public/proposals/{publicToken}/messages',
      'POST /api/v1/public/proposals/{publicToken}/accept',
      'POST /api/v1/public/proposals/{publicToken}/reminders/stop',
      'POST /api/v1/public/verify',
    ]) {
      expect(ops).toContain(expected);
    }
    expect(publicOperations.filter((op) => !op.responses.includes('403'))).toEqual([]);
  });

  it('refuses a live read or write key, and an unknown one, on every public route: 403, nothing done', async () => {
    const keys = [
      (await createApiKey(t.app, team.admin, 'write')).headers,
      (await createApiKey(t.app, team.admin, 'read')).headers,
      { authorization: `Bearer ak_${randomUUID().replaceAll('-', '')}` },
    ];
    const failures: string[] = [];
    for (const headers of keys) {
      for (const op of publicOperations) {
        const shown = await shownVersion(t, publicToken);
        const before = await fingerprint();
        const res = await call(op, headers, shown);
        if (res.statusCode !== 403) failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
        else if (res.json().error?.message !== API_KEY_MESSAGES.areaRefused) {
          failures.push(`${op.method} ${op.path}: ${res.body}`);
        }
        if ((await fingerprint()) !== before) failures.push(`${op.method} ${op.path} changed data`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the same requests without a key as before: never 403, never 5xx', async () => {
    const failures: string[] = [];
    for (const op of publicOperations) {
      const res = await call(op, {}, await shownVersion(t, publicToken));
      if (res.statusCode === 403 || res.statusCode >= 500) {
        failures.push(`${op.method} ${op.path} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    // The page itself is read as usual.
    const page = await t.app.inject({ url: `/api/v1/public/proposals/${publicToken}` });
    expect(page.statusCode).toBe(200);
  });
});
