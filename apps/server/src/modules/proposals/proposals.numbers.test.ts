import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@aceite/shared/messages';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, MIGRATIONS_DIR, runMigrations } from '@/db/client.ts';
import { organizations, proposals } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';

// docs/product.md#proposal-numbers
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Rui Costa', email: 'rui@costa.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const lisbonYear = () =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Lisbon', year: 'numeric' }).format(new Date()));

async function create(app = t.app, title = 'Proposta') {
  const res = await as(app, team.sales)('POST', '/proposals', { title, clientId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; number: string; publicToken: string };
}

const seqOf = (number: string) => Number(number.split('/')[1]);

describe('proposal numbers', () => {
  it('numbers proposals ORC <year>/0001, 0002… and never gives a deleted number back', async () => {
    const year = lisbonYear();
    const first = await create();
    // The organization's first proposal (this file's first create).
    expect(first.number).toBe(`ORC ${year}/0001`);
    const second = await create();
    expect(seqOf(second.number)).toBe(seqOf(first.number) + 1);

    expect((await as(t.app, team.sales)('DELETE', `/proposals/${second.id}`)).statusCode).toBe(200);
    const third = await create();
    expect(seqOf(third.number)).toBe(seqOf(second.number) + 1);

    const got = await as(t.app, team.sales)('GET', `/proposals/${first.id}`);
    expect(got.json().data.number).toBe(first.number);
  });

  it('takes the prefix of the day it is made: changing it later renumbers nothing', async () => {
    const before = await create();
    await t.db
      .update(organizations)
      .set({ settings: sql`settings || '{"numberPrefix":"PROP-A"}'::jsonb` })
      .where(eq(organizations.id, team.org.id));
    const after = await create();
    expect(after.number).toMatch(/^PROP-A \d{4}\/\d{4}$/);
    expect(seqOf(after.number)).toBe(seqOf(before.number) + 1);
    expect((await as(t.app, team.sales)('GET', `/proposals/${before.id}`)).json().data.number).toBe(
      before.number,
    );
    await t.db
      .update(organizations)
      .set({ settings: sql`settings - 'numberPrefix'` })
      .where(eq(organizations.id, team.org.id));
  });

  it('finds a proposal by its full number, by year/number and by the number alone', async () => {
    const p = await create(t.app, 'Sem número no título');
    const [, yearAndSeq] = p.number.split(' ') as [string, string];
    const seq = yearAndSeq.split('/')[1] as string;
    for (const search of [p.number, yearAndSeq, seq]) {
      const res = await as(t.app, team.sales)('GET', `/proposals?search=${encodeURIComponent(search)}`);
      const ids = res.json().data.map((r: { id: string }) => r.id);
      expect(ids, search).toContain(p.id);
      expect(res.json().data.find((r: { id: string }) => r.id === p.id).number).toBe(p.number);
    }
  });

  it('refuses a prefix that is not 1–10 letters, digits or hyphens', async () => {
    for (const numberPrefix of ['', 'ORC 2026', 'ABCDEFGHIJK', 'ORÇ']) {
      const res = await as(t.app, team.admin)('PUT', '/settings/organization', {
        name: 'Org',
        settings: { numberPrefix },
      });
      expect(res.statusCode, numberPrefix).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(MESSAGES.numberPrefixInvalid);
    }
  });

  it('puts the number in the default email subject', async () => {
    const p = await create(t.app, 'Website');
    const draft = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/email-draft`)).json().data;
    expect(draft.subject).toContain(`proposta ${p.number} "Website"`);
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const mail = t.sentMail.find((m) => m.subject.includes(p.number));
    expect(mail?.to).toBe('rui@costa.pt');
  });

  it('shows the number and both NIFs on the public page and in the PDFs (docs/product.md#tax-ids)', async () => {
    const org = (await as(t.app, team.admin)('GET', '/settings/organization')).json().data;
    const saved = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: org.name,
      settings: { ...org.settings, taxId: '501 964 843' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings.taxId).toBe('501964843');
    const client = await as(t.app, team.sales)('POST', '/clients', {
      name: 'Ana Lopes',
      email: 'ana@lopes.pt',
      taxId: '123456789',
    });
    const p = (
      await as(t.app, team.sales)('POST', '/proposals', { title: 'Loja', clientId: client.json().data.id })
    ).json().data;

    const ofClient = (await as(t.app, team.sales)('GET', `/clients/${client.json().data.id}`)).json().data;
    expect(ofClient).toMatchObject({ taxId: '123456789', proposals: [{ id: p.id, number: p.number }] });

    const page = (await t.app.inject({ url: `/api/v1/public/proposals/${p.publicToken}` })).json().data;
    expect(page).toMatchObject({
      number: p.number,
      organization: { taxId: '501964843' },
      client: { name: 'Ana Lopes', taxId: '123456789' },
    });

    for (const res of [
      await as(t.app, team.sales)('GET', `/proposals/${p.id}/pdf`),
      await t.app.inject({ url: `/api/v1/public/proposals/${p.publicToken}/pdf` }),
    ]) {
      expect(res.statusCode).toBe(200);
      const text = (await pdfPagesText(res.rawPayload)).join('\n');
      expect(text).toContain(p.number);
      expect(text).toContain('NIF 123456789');
      expect(text).toContain('NIF 501964843');
    }

    const bad = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: org.name,
      settings: { ...org.settings, taxId: '501964842' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'settings.taxId', message: MESSAGES.taxIdInvalid }]);
  });

  it('gives a reissued proposal a number of its own', async () => {
    const original = await create();
    await t.db.execute(
      sql`update proposals set status = 'accepted', accepted_at = now() where id = ${original.id}`,
    );
    const copy = (await as(t.app, team.sales)('POST', `/proposals/${original.id}/reissue`)).json().data;
    expect(copy.number).not.toBe(original.number);
    expect(seqOf(copy.number)).toBeGreaterThan(seqOf(original.number));
  });

  it('two processes creating at once never share a number (2×50 → 100 distinct consecutive numbers)', async () => {
    const other = await buildTestApp({ sameDatabaseAs: t });
    try {
      const start = seqOf((await create()).number);
      const made = await Promise.all(
        Array.from({ length: 100 }, (_, i) => create(i % 2 === 0 ? t.app : other.app, `Concorrente ${i}`)),
      );
      const seqs = made.map((p) => seqOf(p.number)).sort((a, b) => a - b);
      expect(new Set(seqs).size).toBe(100);
      expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => start + 1 + i));
    } finally {
      await other.close();
    }
  });
});

describe('the migration numbering existing proposals', () => {
  it('numbers them per organization and Lisbon year, in creation order, and continues from there', async () => {
    // A copy of the migrations up to the one that adds numbers; then the rest, as an upgrade would.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aceite-migrations-'));
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    const adminUrl = inject('adminDbUrl');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = connectDatabase(url.toString(), 2);
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const journalPath = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8'));
      const cut = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_proposal-numbers'));
      expect(cut).toBeGreaterThan(0);
      await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      await runMigrations(database.db, dir);

      const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
      const orgA = (await q(`insert into organizations (name) values ('A') returning id`)).rows[0].id;
      const orgB = (await q(`insert into organizations (name) values ('B') returning id`)).rows[0].id;
      const user = async (org: string) =>
        (
          await q(
            `insert into users (organization_id, email, first_name, last_name, role, password_hash)
             values ($1, $2, 'A', 'B', 'admin', 'x') returning id`,
            [org, `${randomUUID()}@example.pt`],
          )
        ).rows[0].id;
      const ownerA = await user(orgA);
      const ownerB = await user(orgB);
      const proposal = async (org: string, owner: string, title: string, createdAt: string) =>
        q(
          `insert into proposals (organization_id, owner_id, title, public_token, created_at)
           values ($1, $2, $3, $4, $5)`,
          [org, owner, title, randomUUID(), createdAt],
        );
      // Inserted out of order: the numbers follow the creation dates, not the insert order.
      await proposal(orgA, ownerA, 'A 2026 second', '2026-03-02T10:00:00Z');
      await proposal(orgA, ownerA, 'A 2026 first', '2026-01-01T00:10:00Z');
      await proposal(orgA, ownerA, 'A 2025 only', '2025-12-31T23:30:00Z');
      await proposal(orgA, ownerA, 'A 2026 third', '2026-07-01T12:00:00Z');
      await proposal(orgB, ownerB, 'B 2026 first', '2026-05-01T12:00:00Z');

      await runMigrations(database.db);
      const rows = (await q(`select title, number from proposals order by title`)).rows;
      expect(Object.fromEntries(rows.map((r) => [r.title, r.number]))).toEqual({
        'A 2025 only': 'ORC 2025/0001',
        'A 2026 first': 'ORC 2026/0001',
        'A 2026 second': 'ORC 2026/0002',
        'A 2026 third': 'ORC 2026/0003',
        'B 2026 first': 'ORC 2026/0001',
      });
      // The next proposal of A in 2026 continues after the numbers the migration gave.
      const [next] = await database.db
        .insert(proposals)
        .values({
          organizationId: orgA,
          ownerId: ownerA,
          title: 'A 2026 new',
          publicToken: randomUUID(),
          createdAt: new Date('2026-08-01T12:00:00Z'),
        })
        .returning({ number: proposals.number });
      expect(next?.number).toBe('ORC 2026/0004');
    } finally {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
