// The hand-written reference for the hot reads (issue 26, docs/performance.md "The app against a hand-written
// reference"): the same work as the app's `GET /proposals/{id}` and `GET /proposals` (first page with its total)
// with no framework layers beyond Fastify itself — verify the HS256 bearer token, run the same SQL through
// `pg`, answer JSON. It is the ceiling an app that queries this database can reach on this machine; the bench
// prints each app case's ratio to it. `/checked/proposals/{id}` (issue 41) is the same read with the app's
// session check joined into its one statement: the ceiling for an app that checks the session on every request.
// Started by bench/run.mjs as its own process:
//   DATABASE_URL=… JWT_SECRET=… PORT=… node bench/reference-server.mjs
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const { DATABASE_URL, JWT_SECRET, PORT } = process.env;
if (!DATABASE_URL || !JWT_SECRET || !PORT) throw new Error('DATABASE_URL, JWT_SECRET and PORT are required');

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// The app's pool size (apps/server/src/db/client.ts).
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(JWT_SECRET),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);

/** The claims of a valid access token, or null (the app's rules: HS256, audience, expiry). */
async function claimsOf(req) {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const { payload } = await jwtVerify(header.slice(7), key, {
      algorithms: ['HS256'],
      audience: 'aceite-api',
    });
    return typeof payload.org === 'string' ? payload : null;
  } catch {
    return null;
  }
}

/** The organization of a valid access token, or null (the app's rules: HS256, audience, expiry). */
async function organizationOf(req) {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const { payload } = await jwtVerify(header.slice(7), key, {
      algorithms: ['HS256'],
      audience: 'aceite-api',
    });
    return typeof payload.org === 'string' ? payload.org : null;
  } catch {
    return null;
  }
}

// What the app selects (apps/server/src/modules/proposals/proposals.queries.ts): the proposal, its client and
// owner; the list's columns, newest first, and the count of the same filter.
const ONE = `
  select p.*,
         case when c.id is null then null else json_build_object('id', c.id, 'name', c.name,
           'company', c.company, 'email', c.email, 'phone', c.phone) end as client,
         json_build_object('id', o.id, 'firstName', o.first_name, 'lastName', o.last_name, 'email', o.email) as owner
    from proposals p
    left join clients c on c.id = p.client_id
    join users o on o.id = p.owner_id
   where p.organization_id = $1 and p.id = $2
   limit 1`;
// Issue 41: the same read with the app's per-request session check (selectSessionHolds of
// apps/server/src/modules/auth/auth.queries.ts) joined into its one statement: one round trip, as the app's
// session cache aims for. ok false: the session ended (401); ok true and no row: not found.
const ONE_CHECKED = `
  with s as (
    select exists (
      select 1 from refresh_tokens r join users owner on owner.id = r.user_id
       where r.family_id = $3 and r.user_id = $4 and r.revoked_at is null and r.expires_at > now()
         and owner.is_active
    ) and exists (
      select 1 from users u
       where u.id = $5 and u.is_active and u.role = $6 and u.organization_id is not distinct from $1::uuid
         and not exists (select 1 from organizations o where o.id = u.organization_id and not o.is_active)
    ) as ok)
  select s.ok, x.* from s left join lateral (${ONE}) x on s.ok`;
const PAGE = `
  select p.id, p.title, p.status, p.currency, p.total_value as "totalValue", p.valid_until as "validUntil",
         p.client_id as "clientId", p.owner_id as "ownerId", p.signed_at as "signedAt",
         p.created_at as "createdAt", p.updated_at as "updatedAt",
         case when c.id is null then null else json_build_object('id', c.id, 'name', c.name, 'company', c.company) end as client,
         json_build_object('id', o.id, 'firstName', o.first_name, 'lastName', o.last_name) as owner
    from proposals p
    left join clients c on c.id = p.client_id
    join users o on o.id = p.owner_id
   where p.organization_id = $1 and p.archived_at is null
   order by p.created_at desc, p.id desc
   limit 20`;
const COUNT = 'select count(*) as n from proposals where organization_id = $1 and archived_at is null';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const app = Fastify();
app.get('/proposals/:id', async (req, reply) => {
  const org = await organizationOf(req);
  if (!org) return reply.code(401).send({ error: { code: 'UNAUTHORIZED', message: 'Sessão inválida' } });
  if (!UUID.test(req.params.id)) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  const { rows } = await pool.query(ONE, [org, req.params.id]);
  if (!rows[0]) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  return { data: rows[0] };
});
app.get('/checked/proposals/:id', async (req, reply) => {
  const claims = await claimsOf(req);
  if (!claims) return reply.code(401).send({ error: { code: 'UNAUTHORIZED', message: 'Sessão inválida' } });
  if (!UUID.test(req.params.id)) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  const { rows } = await pool.query(ONE_CHECKED, [
    claims.org,
    req.params.id,
    claims.sid,
    claims.imp ?? claims.sub,
    claims.sub,
    claims.role,
  ]);
  const [row] = rows;
  if (!row?.ok) return reply.code(401).send({ error: { code: 'UNAUTHORIZED', message: 'Sessão terminada' } });
  if (!row.id) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  const { ok: _ok, ...proposal } = row;
  return { data: proposal };
});
app.get('/proposals', async (req, reply) => {
  const org = await organizationOf(req);
  if (!org) return reply.code(401).send({ error: { code: 'UNAUTHORIZED', message: 'Sessão inválida' } });
  const [page, count] = await Promise.all([pool.query(PAGE, [org]), pool.query(COUNT, [org])]);
  const total = count.rows[0].n;
  return {
    data: page.rows,
    pagination: { page: 1, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)) },
  };
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
