import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, type TestUser } from '@/test/factories.ts';

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
  /** Each body field's JSON schema type as the OpenAPI document states it ('number', 'string', 'object', …). */
  bodyTypes: Record<string, string | undefined>;
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

/** The database's edges (issue 20): dates PostgreSQL has no year for, numbers past int4. */
const EDGE_STRINGS = [
  '0000-01-01',
  '0001-12-31',
  '9999-12-31',
  '10000-01-01',
  '2147483648',
  '99999999999999999999',
];

const hostileString = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('x'.repeat(5_000), 'é'.repeat(70_000)),
);

/**
 * Numbers at the edges of what the database holds (issue 20): int4, the numeric(15,2) and numeric(5,2) columns,
 * the amount limit, rates with three decimals. Plain random numbers almost never land on these.
 */
const EDGE_NUMBERS = [
  2 ** 31 - 1,
  2 ** 31,
  1e10,
  1e10 - 0.01,
  1e12,
  1e12 + 1,
  1e13,
  99.999,
  100.001,
  10.005,
  22.995,
  0.001,
];

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.1 + 0.2),
  fc.constantFrom(...EDGE_NUMBERS),
);

function nested(depth: number): unknown {
  let value: unknown = 'fundo';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Lines of a proposal or template whose numbers sit at the edges: each valid alone, 500 of them maybe not. */
const edgeLines = fc.array(
  fc.record({
    name: fc.constant('Linha'),
    id: fc.constant('l1'),
    quantity: fc.oneof(fc.constantFrom(1, 1_000, 1_000_000, 1.005), hostileNumber),
    unitPrice: fc.oneof(fc.constantFrom(2 ** 31, 1e10, 1e10 + 1), hostileNumber),
    discount: hostileNumber,
    tax: hostileNumber,
  }),
  { maxLength: 3 },
);

const edgeContent = fc.record({
  blocks: fc.constant([]),
  items: fc.oneof(
    edgeLines,
    edgeLines.map((l) => Array(500).fill(l[0] ?? {})),
  ),
});

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant(nested(64)),
  // Deep JSON inside a field (the whole body has its own 3,000-deep case): the settings' jsonb refused it.
  fc.constant({ deep: nested(2_000) }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  edgeContent,
);

/** The edge contents as a list, for the sweep: one line past int4, the largest line, 500 of them, 3 decimals. */
const EDGE_CONTENTS = [
  { blocks: [], items: [{ name: 'L', id: 'l', quantity: 1, unitPrice: 2 ** 31 }] },
  { blocks: [], items: [{ name: 'L', id: 'l', quantity: 1_000_000, unitPrice: 1e10 }] },
  { blocks: [], items: Array(500).fill({ name: 'L', id: 'l', quantity: 1_000, unitPrice: 1e10 }) },
  {
    blocks: [],
    items: [{ name: 'L', id: 'l', quantity: 1.005, unitPrice: 999, discount: 10.005, tax: 22.995 }],
  },
  { deep: nested(2_000) },
];

/** Every edge value of a field's type, for the sweep. */
function edgeValues(type: string | undefined): unknown[] {
  if (type === 'number' || type === 'integer') return EDGE_NUMBERS;
  if (type === 'string') return EDGE_STRINGS;
  if (type === 'object') return EDGE_CONTENTS;
  return [...EDGE_NUMBERS, ...EDGE_STRINGS, ...EDGE_CONTENTS];
}

/** A value at the edges of what the field's column holds, by the field's type in the OpenAPI document. */
function edgeValue(type: string | undefined): fc.Arbitrary<unknown> {
  if (type === 'number' || type === 'integer') return fc.constantFrom(...EDGE_NUMBERS);
  if (type === 'string') return fc.constantFrom(...EDGE_STRINGS);
  if (type === 'object') return fc.oneof(edgeContent, fc.constant({ deep: nested(2_000) }));
  return fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.constantFrom(...EDGE_STRINGS), edgeContent);
}

/**
 * A valid body per operation that writes numbers, dates or JSON (filled in once the ids exist): a hostile value
 * in one field of an otherwise valid body gets past validation of the others and reaches the database, which
 * is where the edges of issue 20 failed. Random fields alone are almost always refused for a missing title.
 */
const validBodies: Record<string, () => Record<string, unknown>> = {};

/** A body: raw text that is not JSON at all, any JSON, or the operation's own fields with hostile values. */
function bodyFor(op: Operation): fc.Arbitrary<{ raw: string }> {
  const own = op.bodyNames.length
    ? fc.record(Object.fromEntries(op.bodyNames.map((name) => [name, hostileValue])), { requiredKeys: [] })
    : fc.constant({});
  const base = validBodies[`${op.method} ${op.path}`];
  // One field of the valid body replaced, mostly by a value at the edges of that field's column.
  const mutated = base
    ? [
        {
          weight: 4,
          arbitrary: fc
            .constantFrom(...op.bodyNames)
            .chain((name) =>
              fc
                .oneof(
                  { weight: 1, arbitrary: hostileValue },
                  { weight: 3, arbitrary: edgeValue(op.bodyTypes[name]) },
                )
                .map((value) => ({ raw: JSON.stringify({ ...base(), [name]: value }) })),
            ),
        },
      ]
    : [];
  return fc.oneof(
    ...mutated,
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
let admin: TestUser;
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

/** The JSON type of a property's schema, looking through `anyOf` (nullable fields). */
function jsonType(schema: unknown): string | undefined {
  const s = schema as { type?: string; anyOf?: unknown[] };
  if (s.type) return s.type;
  for (const option of s.anyOf ?? []) {
    const type = jsonType(option);
    if (type && type !== 'null') return type;
  }
  return undefined;
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

/**
 * The shared admin session, except for signing out: every request checks its session (issue 20), so a logout
 * with the shared token would turn every later request into a 401 and hollow the run out.
 */
async function tokenFor(op: Operation): Promise<string> {
  if (op.path !== '/api/v1/auth/logout') return token;
  return (await authHeaders(t.app, admin)).authorization ?? '';
}

/** The shared session still works: the run really exercised the operations, not just 401s. */
async function expectSessionAlive(): Promise<void> {
  const me = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: token } });
  expect(me.statusCode).toBe(200);
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
  admin = team.admin;
  token = (await authHeaders(t.app, team.admin)).authorization ?? '';
  const call = as(t.app, team.admin);
  const client = (await call('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })).json()
    .data;
  const proposal = (
    await call('POST', '/proposals', {
      title: 'Proposta',
      clientId: client.id,
      content: { blocks: [], items: [{ name: 'Item', quantity: 2, unitPrice: 1000 }] },
    })
  ).json().data;
  const comment = (await call('POST', `/proposals/${proposal.id}/comments`, { content: 'Olá' })).json().data;
  const teamRow = (await call('POST', '/teams', { name: 'Equipa' })).json().data;
  const product = (await call('POST', '/products', { name: 'Produto', price: 100 })).json().data;
  const template = (await call('POST', '/templates', { name: 'Modelo' })).json().data;
  const contentBlock = (
    await call('POST', '/content-blocks', { name: 'Bloco', block: { title: 'Título', content: 'Texto' } })
  ).json().data;
  real.id = [client.id, proposal.id, teamRow.id, team.sales.id, product.id, template.id, contentBlock.id];
  real.commentId = [comment.id];
  real.publicToken = [proposal.publicToken];
  real.userId = [team.sales.id];
  real.number = ['1'];
  const proposalBody = () => ({
    title: 'Proposta',
    clientId: client.id,
    content: { blocks: [], items: [{ name: 'Item', quantity: 2, unitPrice: 1000 }] },
  });
  validBodies['POST /api/v1/proposals'] = proposalBody;
  validBodies['PUT /api/v1/proposals/{id}'] = proposalBody;
  validBodies['POST /api/v1/products'] = () => ({ name: 'Produto', price: 100 });
  validBodies['PUT /api/v1/products/{id}'] = () => ({ name: 'Produto', price: 100 });
  validBodies['POST /api/v1/templates'] = () => ({ name: 'Modelo' });
  validBodies['PUT /api/v1/templates/{id}'] = () => ({ name: 'Modelo' });
  validBodies['POST /api/v1/content-blocks'] = () => ({ name: 'Bloco', block: { content: 'Texto' } });
  validBodies['PATCH /api/v1/content-blocks/{id}'] = () => ({ name: 'Bloco' });
  validBodies['PUT /api/v1/settings/organization'] = () => ({ name: 'Organização' });

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
        bodyTypes: Object.fromEntries(
          Object.entries(spec.requestBody?.content?.['application/json']?.schema?.properties ?? {}).map(
            ([name, schema]) => [name, jsonType(schema)],
          ),
        ),
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
                authorization: await tokenFor(op),
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
    await expectSessionAlive();

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

  it('answers every edge of the database in every field, query and path value without a 5xx', async () => {
    // Random runs seldom land on one exact edge in one exact field: this sweep tries each edge of a field's
    // type in each field of each valid body, each query parameter and each path value (issue 20).
    const failures: string[] = [];
    const send = async (op: Operation, url: string, payload?: unknown) => {
      const res = await t.app.inject({
        method: op.method,
        url,
        headers: {
          authorization: await tokenFor(op),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        payload: payload ? JSON.stringify(payload) : undefined,
      });
      const problem = checkAnswer(op, url, res);
      if (problem) failures.push(problem);
    };
    const realValues = (path: string) =>
      Object.fromEntries(
        [...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], real[m[1] as string]?.[0] ?? 'x']),
      );
    for (const op of operations) {
      const path = fill(op.path, realValues(op.path));
      const base = validBodies[`${op.method} ${op.path}`];
      if (base) {
        for (const name of op.bodyNames) {
          for (const value of edgeValues(op.bodyTypes[name]))
            await send(op, path, { ...base(), [name]: value });
        }
      }
      for (const name of op.queryNames) {
        for (const value of EDGE_STRINGS) await send(op, `${path}?${new URLSearchParams({ [name]: value })}`);
      }
      for (const name of [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)) {
        for (const value of EDGE_STRINGS) {
          await send(op, fill(op.path, { ...realValues(op.path), [name]: value }), base?.());
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    await expectSessionAlive();
  }, 600_000);
});
