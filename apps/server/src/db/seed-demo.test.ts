import { PROPOSAL_STATUSES } from '@aceite/shared/schemas/proposals';
import { isValidPortugueseNif } from '@aceite/shared/tax-id';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  clients,
  contentBlocks,
  organizations,
  products,
  proposals,
  sepaCollections,
  sepaCreditors,
  sepaMandates,
  teams,
  templates,
  users,
} from './schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from './seed-demo.ts';
import { upsertSuperadmin } from './superadmin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('loads Demo Lda with one user per role, a superadmin and a catalogue, only into an empty database', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    const people = await t.db.select({ email: users.email, role: users.role }).from(users);
    expect(people).toEqual(
      expect.arrayContaining([
        { email: 'admin@aceite.demo', role: 'admin' },
        { email: 'gestor@aceite.demo', role: 'manager' },
        { email: 'vendas@aceite.demo', role: 'sales' },
        { email: 'leitor@aceite.demo', role: 'viewer' },
        { email: 'super@aceite.demo', role: 'superadmin' },
      ]),
    );
    const [c] = await t.db.select({ n: count() }).from(clients);
    const [p] = await t.db.select({ n: count() }).from(products);
    const [g] = await t.db.select({ n: count() }).from(templates).where(eq(templates.isGlobal, true));
    expect([c?.n, p?.n, g?.n]).toEqual([15, 20, 2]);
    const demoProposals = await t.db.select().from(proposals);
    expect(demoProposals).toHaveLength(40);
    expect(new Set(demoProposals.map((x) => x.status))).toEqual(new Set(PROPOSAL_STATUSES));
    const ages = demoProposals.map((x) => (Date.now() - x.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThan(366);
    expect(new Set(demoProposals.map((x) => x.ownerId)).size).toBe(3);
    // Numbered per year in creation order (docs/product.md#proposal-numbers).
    const byAge = [...demoProposals].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const year of new Set(byAge.map((x) => x.numberYear))) {
      const seqs = byAge.filter((x) => x.numberYear === year).map((x) => x.numberSeq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    expect(byAge[0]?.number).toMatch(/^ORC \d{4}\/0001$/);
    // Every proposal sent has its recipient frozen, as sending does (issue 34, H2); none before sending.
    for (const x of demoProposals) expect(x.recipientEmail !== null, x.status).toBe(x.sentAt !== null);
    const demoTeams = await t.db.select().from(teams);
    expect(demoTeams.map((x) => x.name).sort()).toEqual(['Equipa Lisboa', 'Equipa Porto']);
    const members = await t.db.select({ email: users.email, teamId: users.teamId }).from(users);
    expect(members.filter((m) => m.teamId).length).toBe(3);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'vendas@aceite.demo', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.organization.name).toBe('Demo Lda');

    expect(await seedDemo(t.db)).toBe(false);
    const [again] = await t.db.select({ n: count() }).from(clients);
    expect(again?.n).toBe(15);
  });

  it('shows the product: a valid NIF, a block library, and rejections lost for varied reasons (issue 37)', async () => {
    const [org] = await t.db.select({ settings: organizations.settings }).from(organizations);
    expect(isValidPortugueseNif(org?.settings.taxId ?? '')).toBe(true);
    const blocks = await t.db
      .select({ name: contentBlocks.name, block: contentBlocks.block })
      .from(contentBlocks);
    expect(blocks.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Condições de pagamento', 'Garantia', 'Sobre nós']),
    );
    for (const b of blocks) expect(b.block.content.length).toBeGreaterThan(40);
    const rejected = await t.db
      .select({ code: proposals.rejectionReasonCode, text: proposals.rejectionReason })
      .from(proposals)
      .where(eq(proposals.status, 'rejected'));
    expect(rejected.length).toBeGreaterThan(0);
    // 'Motivos de perda' shows a spread: several reasons, none 'Outro' nor missing.
    expect(new Set(rejected.map((r) => r.code)).size).toBeGreaterThanOrEqual(3);
    for (const r of rejected) {
      expect(r.code).not.toBeNull();
      expect(r.code).not.toBe('other');
      expect(r.text).toBeTruthy();
    }
    // Pagamentos worth opening (docs/product.md#mandates-collections-and-the-file): a creditor, one accepted
    // proposal in 3 monthly instalments with its mandate and collections, the first due 6 days on.
    expect(await t.db.select().from(sepaCreditors)).toHaveLength(1);
    const [mandate, ...others] = await t.db.select().from(sepaMandates);
    expect(others).toHaveLength(0);
    const [sepaProposal] = await t.db
      .select()
      .from(proposals)
      .where(eq(proposals.id, mandate?.proposalId ?? ''));
    expect(sepaProposal).toMatchObject({ status: 'accepted', sepaPattern: 'monthly', sepaInstalments: 3 });
    // The debtor can be pre-notified, so the demo's collections can be exported.
    expect(mandate?.debtorEmail).toBeTruthy();
    expect(mandate?.debtorEmail).toBe(sepaProposal?.recipientEmail);
    const collections = await t.db
      .select()
      .from(sepaCollections)
      .where(eq(sepaCollections.mandateId, mandate?.id ?? ''))
      .orderBy(sepaCollections.sequence);
    expect(collections.map((c) => [c.sequenceType, c.status])).toEqual([
      ['FRST', 'due'],
      ['RCUR', 'due'],
      ['FNAL', 'due'],
    ]);
    expect(collections[0]?.collectionDate).toBe(sepaProposal?.sepaFirstCollectionDate);
    expect(collections.reduce((sum, c) => sum + c.amountCents, 0)).toBe(sepaProposal?.totalValue);
    expect(new Date(`${collections[0]?.collectionDate}T12:00:00Z`).getTime() - Date.now()).toBeGreaterThan(
      4 * 86_400_000,
    );
  });

  it('still loads when a superadmin was created first on the empty database, keeping that account as it is', async () => {
    const fresh = await buildTestApp();
    try {
      await upsertSuperadmin(fresh.db, {
        email: 'super@aceite.demo',
        password: 'propria-palavra-passe',
        firstName: 'Primeira',
        lastName: 'Conta',
      });
      await upsertSuperadmin(fresh.db, {
        email: 'plataforma@aceite.pt',
        password: 'outra-palavra-passe',
        firstName: 'Outra',
        lastName: 'Conta',
      });
      expect(await seedDemo(fresh.db)).toBe(true);
      const [demoUsers] = await fresh.db.select({ n: count() }).from(users);
      expect(demoUsers?.n).toBe(6);
      const signIn = (email: string, password: string) =>
        fresh.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
      expect((await signIn('admin@aceite.demo', DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await signIn('super@aceite.demo', 'propria-palavra-passe')).statusCode).toBe(200);
      expect((await signIn('super@aceite.demo', DEMO_PASSWORD)).statusCode).toBe(401);
      expect(await seedDemo(fresh.db)).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
