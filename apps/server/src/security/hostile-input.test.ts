import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles } from '@/test/factories.ts';

/**
 * Hostile input (issue 10): generated bodies, query strings and path values — wrong types, huge strings, deep
 * JSON, unicode, SQL and HTML fragments, negative and enormous numbers — sent to every operation of the
 * OpenAPI document. Never a 5xx, every failure in the error envelope, and the database still consistent.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  queryNames: string[];
  bodyNames: string[];
}

const FRAGMENTS = [
  "' OR 1=1 --",
  "'; drop table proposals; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '🙂‍↔️𝕏',
  'ção ÇÃO ß',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literally
  '${jndi:ldap://127.0.0.1/x}',
  'true',
  'null',
  '[]',
  '{}',
  ' ',
  '',
];

const hostileString = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('x'.repeat(5_000), 'é'.repeat(70_000)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.1 + 0.2),
);

function nested(depth: number): unknown {
  let value: unknown = 'fundo';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant(nested(64)),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** A body: raw text that is not JSON at all, any JSON, or the operation's own fields with hostile values. */
function bodyFor(op: Operation): fc.Arbitrary<{ raw: string }> {
  const own = op.bodyNames.length
    ? fc.record(Object.fromEntries(op.bodyNames.map((name) => [name, hostileValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    own.map((value) => ({ raw: JSON.stringify(value) })),
    fc.jsonValue({ maxDepth: 3 }).map((value) => ({ raw: JSON.stringify(value) ?? 'null' })),
    fc
      .constantFrom('{"title":', 'não é json', '[]', 'null', '"texto"', JSON.stringify(nested(3000)))
      .map((raw) => ({ raw })),
  );
}

function queryFor(op: Operation): fc.Arbitrary<Record<string, string>> {
  const names = [...op.queryNames, 'extra', '__proto__', 'constructor'];
  return fc.dictionary(fc.constantFrom(...names), hostileString.map(String), { maxKeys: 4 });
}

let t: TestApp;
let operations: Operation[] = [];
let token = '';
/** Real ids of the organization: path values are sometimes real, so the handlers run past the look-up. */
const real: Record<string, string[]> = {};

function pathValue(name: string): fc.Arbitrary<string> {
  const known = real[name] ?? [];
  return fc.oneof(
    ...(known.length ? [fc.constantFrom(...known)] : []),
    fc.uuid().map(String),
    hostileString.filter((s) => s.length > 0),
  );
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

function checkAnswer(op: Operation, fullUrl: string, res: LightMyRequestResponse): string | null {
  const url = fullUrl.length > 300 ? `${fullUrl.slice(0, 300)}…` : fullUrl;
  if (res.statusCode >= 500) return `${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 400) {
    let body: { error?: { code?: unknown; message?: unknown } } | undefined;
    try {
      body = res.json();
    } catch {
      return `${op.method} ${url} → ${res.statusCode} without a JSON error envelope`;
    }
    if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string') {
      return `${op.method} ${url} → ${res.statusCode} without the error envelope: ${res.body.slice(0, 200)}`;
    }
  }
  return null;
}

beforeAll(async () => {
  t = await buildTestApp({ authRateLimitMax: 100_000, publicRateLimitMax: 100_000 });
  const team = await createTeamOfRoles(t.db);
  token = (await authHeaders(t.app, team.admin)).authorization ?? '';
  const admin = as(t.app, team.admin);
  const client = (
    await admin('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })
  ).json().data;
  const proposal = (
    await admin('POST', '/proposals', {
      title: 'Proposta',
      clientId: client.id,
      content: { blocks: [], items: [{ name: 'Item', quantity: 2, unitPrice: 1000 }] },
    })
  ).json().data;
  const comment = (await admin('POST', `/proposals/${proposal.id}/comments`, { content: 'Olá' })).json().data;
  const teamRow = (await admin('POST', '/teams', { name: 'Equipa' })).json().data;
  real.id = [client.id, proposal.id, teamRow.id, team.sales.id];
  real.commentId = [comment.id];
  real.publicToken = [proposal.publicToken];
  real.userId = [team.sales.id];
  real.number = ['1'];

  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, spec]) => ({
        method: m.toUpperCase() as Operation['method'],
        path,
        queryNames: (spec.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyNames: Object.keys(spec.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      })),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('hostile input to every operation of the OpenAPI document', () => {
  it('never answers 5xx, always the error envelope on failure, and the database stays consistent', async () => {
    expect(operations.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const op of operations) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const params = fc.record(Object.fromEntries(names.map((n) => [n, pathValue(n)])), {
        requiredKeys: names,
      });
      await fc
        .assert(
          fc.asyncProperty(params, queryFor(op), bodyFor(op), async (values, query, body) => {
            const search = new URLSearchParams(query).toString();
            const url = `${fill(op.path, values)}${search ? `?${search}` : ''}`;
            const withBody = op.method !== 'GET' && op.method !== 'DELETE';
            const res = await t.app.inject({
              method: op.method,
              url,
              headers: {
                authorization: token,
                ...(withBody ? { 'content-type': 'application/json' } : {}),
              },
              payload: withBody ? body.raw : undefined,
            });
            const problem = checkAnswer(op, url, res);
            if (problem) failures.push(problem);
            return problem === null;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(failures.slice(0, 10)).toEqual([]);

    // The database afterwards: every proposal's totals add up, nothing negative, no orphans.
    const inconsistent = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from proposals
       where total_value <> subtotal - discount_amount + tax_amount
          or subtotal < 0 or discount_amount < 0 or tax_amount < 0 or discount_amount > subtotal`);
    expect(inconsistent.rows[0]?.n).toBe(0);
    const orphans = await t.db.execute<{ n: number }>(sql`
      select (select count(*) from proposal_comments c where not exists (select 1 from proposals p where p.id = c.proposal_id))
           + (select count(*) from proposal_versions v where not exists (select 1 from proposals p where p.id = v.proposal_id))
           + (select count(*) from proposals p where p.client_id is not null
                and not exists (select 1 from clients c where c.id = p.client_id)) as n`);
    expect(Number(orphans.rows[0]?.n)).toBe(0);
  }, 600_000);
});
