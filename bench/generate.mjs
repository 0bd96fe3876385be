#!/usr/bin/env node
// Benchmark data (issue 11): one large organization — proposals over 2 years with 1–4 items each, clients,
// products, 50 users in 5 teams — plus small organizations, written by bulk INSERT … SELECT generate_series in
// PostgreSQL (no row goes through JavaScript), deterministic (the same sizes give the same data) and consistent
// with the server's rules (totals = Σ round(quantity × unitPrice) − discount + 23 % tax, as packages/shared
// totals.ts computes them).
//
// Usage: DATABASE_URL=postgres://… node bench/generate.mjs [--proposals 100000] [--small-orgs 200]
// (the database must already carry the app's migrations: start the server on it once). `npm run bench` calls it.
import { hash } from '@node-rs/argon2';
import pg from 'pg';

export const BENCH_PASSWORD = 'Bench-2026!';
export const BIG_ADMIN = 'admin@grande.bench';
export const BIG_SALES = 'vendas1@grande.bench';

const DEFAULTS = { proposals: 100_000, clients: 5_000, products: 1_000, users: 50, teams: 5, smallOrgs: 200 };

/**
 * The statuses of the large organization, by share: every list filter and every analytics figure has rows.
 * Dates spread over the last 730 days.
 */
const STATUS_SQL = `case
  when g % 20 < 4 then 'draft'
  when g % 20 < 9 then 'sent'
  when g % 20 < 12 then 'viewed'
  when g % 20 < 17 then 'accepted'
  when g % 20 < 19 then 'rejected'
  else 'expired' end`;

/** Inserts one organization's proposals (`count`, numbered from 1) for its owners and clients. */
async function insertProposals(db, organizationId, count, label) {
  await db.query(
    `with owners as (select array_agg(id order by email) as ids from users
                      where organization_id = $1 and role in ('admin', 'manager', 'sales')),
          buyers as (select array_agg(id order by email) as ids from clients where organization_id = $1),
          base as (
            select g, ${STATUS_SQL} as status,
                   now() - make_interval(days => (g * 7919) % 730, secs => (g::bigint * 104729) % 86400) as created,
                   (array[0, 0, 5, 10])[1 + g % 4] as discount
              from generate_series(1, $2::int) g),
          priced as (
            select b.*, items.subtotal, items.content from base b
            cross join lateral (
              select sum(it.q * it.p)::int as subtotal,
                     jsonb_build_object('blocks', jsonb_build_array(jsonb_build_object('title', 'Âmbito',
                       'content', 'Proposta ' || b.g || ': âmbito, prazos e condições.')),
                       'items', jsonb_agg(jsonb_build_object('name', 'Serviço ' || it.i, 'description',
                       'Descrição do serviço ' || it.i, 'quantity', it.q, 'unitPrice', it.p) order by it.i)) as content
                from (select i, 1 + (b.g * 7 + i) % 5 as q, 1000 + (b.g * 131 + i * 977) % 500000 as p
                        from generate_series(1, 1 + b.g % 4) i) it) items),
          totals as (
            select p.*, round(p.subtotal * p.discount / 100.0)::int as discount_amount from priced p)
     insert into proposals (organization_id, owner_id, client_id, title, description, status, subtotal,
                            discount_type, discount_value, discount_amount, tax_rate, tax_amount, total_value,
                            valid_until, content, public_token, view_count, sent_at, accepted_at, rejected_at,
                            created_at, updated_at)
     select $1, o.ids[1 + t.g % array_length(o.ids, 1)], c.ids[1 + (t.g * 37) % array_length(c.ids, 1)],
            $3 || ' ' || t.g, 'Proposta gerada para medição.', t.status, t.subtotal, 'percentage', t.discount,
            t.discount_amount, 23, round((t.subtotal - t.discount_amount) * 23 / 100.0)::int,
            t.subtotal - t.discount_amount + round((t.subtotal - t.discount_amount) * 23 / 100.0)::int,
            (t.created + interval '30 days')::date, t.content, md5($1::text || ':' || t.g) || md5(t.g::text),
            case when t.status = 'draft' then 0 else t.g % 7 end,
            case when t.status <> 'draft' then t.created + interval '1 hour' end,
            case when t.status = 'accepted' then t.created + interval '3 days' end,
            case when t.status = 'rejected' then t.created + interval '4 days' end,
            t.created, t.created
       from totals t, owners o, buyers c`,
    [organizationId, count, label],
  );
}

/** Writes the benchmark data into the migrated database `db` (a pg client); returns what it made. */
export async function generateData(db, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const passwordHash = await hash(BENCH_PASSWORD);
  const started = Date.now();
  await db.query('begin');
  try {
    const {
      rows: [org],
    } = await db.query(
      `insert into organizations (name, domain, plan) values ('Grande Lda', 'grande.bench', 'professional') returning id`,
    );
    const { rows: teams } = await db.query(
      `insert into teams (organization_id, name, description)
       select $1, 'Equipa ' || g, 'Equipa de vendas ' || g from generate_series(1, $2::int) g returning id`,
      [org.id, o.teams],
    );
    // 1 admin, 5 managers, sales, and 4 viewers; each in a team.
    await db.query(
      `insert into users (organization_id, team_id, email, first_name, last_name, role, password_hash)
       select $1, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)],
              case when g = 1 then $5 else case when g <= 6 then 'gestor' || g when g <= $3::int - 4 then 'vendas' || (g - 6) else 'leitor' || g end || '@grande.bench' end,
              'Nome' || g, 'Apelido' || g,
              case when g = 1 then 'admin' when g <= 6 then 'manager' when g <= $3::int - 4 then 'sales' else 'viewer' end,
              $4
         from generate_series(1, $3::int) g`,
      [org.id, teams.map((t) => t.id), o.users, passwordHash, BIG_ADMIN],
    );
    await db.query(
      `update teams t set manager_id = (select id from users u where u.team_id = t.id and u.role = 'manager' limit 1)
        where t.organization_id = $1`,
      [org.id],
    );
    await db.query(
      `insert into clients (organization_id, name, company, email, phone, tax_id, city, country)
       select $1, 'Cliente ' || g, 'Empresa ' || g || ' Lda', 'cliente' || g || '@exemplo.pt',
              '+351 21' || lpad((g % 10000000)::text, 7, '0'), lpad((500000000 + g)::text, 9, '0'),
              (array['Lisboa', 'Porto', 'Braga', 'Coimbra', 'Faro'])[1 + g % 5], 'Portugal'
         from generate_series(1, $2::int) g`,
      [org.id, o.clients],
    );
    await db.query(
      `insert into products (organization_id, name, description, sku, category, price, unit)
       select $1, 'Produto ' || g, 'Descrição do produto ' || g, 'SKU-' || g,
              (array['Serviços', 'Software', 'Hardware', 'Formação'])[1 + g % 4], 500 + (g * 7331) % 200000,
              (array['unidade', 'hora', 'dia', 'mês'])[1 + g % 4]
         from generate_series(1, $2::int) g`,
      [org.id, o.products],
    );
    await insertProposals(db, org.id, o.proposals, 'Proposta');

    // Small organizations: one admin, 10 clients and 50 proposals each.
    const { rows: smalls } = await db.query(
      `insert into organizations (name, domain) select 'Pequena ' || g || ' Lda', 'pequena' || g || '.bench'
         from generate_series(1, $1::int) g returning id, domain`,
      [o.smallOrgs],
    );
    if (smalls.length > 0) {
      await db.query(
        `insert into users (organization_id, email, first_name, last_name, role, password_hash)
         select s.id, 'admin@' || s.domain, 'Admin', s.domain, 'admin', $2
           from unnest($1::uuid[], $3::text[]) as s(id, domain)`,
        [smalls.map((s) => s.id), passwordHash, smalls.map((s) => s.domain)],
      );
      await db.query(
        `insert into clients (organization_id, name, email)
         select s.id, 'Cliente ' || g, 'cliente' || g || '@' || s.domain
           from unnest($1::uuid[], $2::text[]) as s(id, domain), generate_series(1, 10) g`,
        [smalls.map((s) => s.id), smalls.map((s) => s.domain)],
      );
      for (const small of smalls) await insertProposals(db, small.id, 50, 'Proposta pequena');
    }
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  // As autovacuum would after a bulk insert: statistics, and the visibility map index-only scans rely on.
  await db.query('vacuum analyze');
  return { ...o, seconds: (Date.now() - started) / 1000 };
}

function argValue(name, fallback) {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (a database that already has the app migrations)');
    process.exit(1);
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const made = await generateData(db, {
    proposals: argValue('--proposals', DEFAULTS.proposals),
    smallOrgs: argValue('--small-orgs', DEFAULTS.smallOrgs),
  });
  await db.end();
  console.log(
    `generated ${made.proposals} proposals, ${made.clients} clients, ${made.products} products, ${made.users} users in ${made.teams} teams, ${made.smallOrgs} small organizations in ${made.seconds.toFixed(1)} s`,
  );
}
