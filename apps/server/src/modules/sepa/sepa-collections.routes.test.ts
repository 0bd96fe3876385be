import { formatMoney } from '@aceite/shared/money';
import type { Collection } from '@aceite/shared/schemas/sepa-collections';
import { SEPA_MESSAGES, sepaOverdueNeedsNoticeMessage } from '@aceite/shared/sepa/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import {
  auditLogs,
  emailOutbox,
  organizations,
  sepaCollections,
  sepaMandates,
  webhookEvents,
} from '@/db/schema/index.ts';
import { setClock } from '@/lib/clock.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { DEBTOR_IBAN, insertCreditor, insertMandate, TEST_CREDITOR, texts } from '@/test/sepa-fixtures.ts';

/*
 * Pagamentos (issue 39, docs/product.md#mandates-collections-and-the-file): mandates, collections, the SEPA
 * file and what the bank reported, through the API.
 */

let t: TestApp;
type Team = Awaited<ReturnType<typeof createTeamOfRoles>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => setClock(() => new Date('2026-03-01T10:00:00Z')));
afterEach(() => setClock(null));

async function organization(): Promise<Team> {
  const team = await createTeamOfRoles(t.db);
  await insertCreditor(t.db, team.org.id);
  return team;
}

const owner = (team: Team) => ({ organizationId: team.org.id, ownerId: team.admin.id });

const parse = (xml: string) => create(xml).end({ format: 'object' });

describe('GET /payments/mandates', () => {
  it('lists the mandates with the IBAN masked, the proposal and the collections counted, filtered by status', async () => {
    const team = await organization();
    const { mandate, proposal } = await insertMandate(t.db, owner(team), {
      firstCollectionDate: '2026-03-10',
    });
    const other = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-03-10' });
    await t.db.update(sepaMandates).set({ status: 'revoked' }).where(eq(sepaMandates.id, other.mandate.id));

    const res = await as(t.app, team.manager)('GET', '/payments/mandates?status=active');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(DEBTOR_IBAN);
    const body = res.json();
    expect(body.pagination).toMatchObject({ total: 1, page: 1 });
    expect(body.data[0]).toMatchObject({
      id: mandate.id,
      proposalId: proposal.id,
      proposalNumber: proposal.number,
      reference: mandate.reference,
      debtorName: 'Maria Devedora',
      debtorIbanMasked: 'PT50 •••• •••• •••• •••• 0154',
      status: 'active',
      collections: { total: 3, due: 3, submitted: 0, paid: 0, returned: 0 },
    });
    const all = await as(t.app, team.admin)('GET', '/payments/mandates');
    expect(all.json().pagination.total).toBe(2);
    const revoked = await as(t.app, team.admin)('GET', '/payments/mandates?status=revoked');
    expect(revoked.json().data.map((m: { id: string }) => m.id)).toEqual([other.mandate.id]);
  });

  it('is for admins and managers, on Professional and up', async () => {
    const team = await organization();
    for (const user of [team.sales, team.viewer]) {
      for (const url of ['/payments/mandates', '/payments/collections', '/payments/exports']) {
        expect((await as(t.app, user)('GET', url)).statusCode, `${user.role} ${url}`).toBe(403);
      }
    }
    await t.db.update(organizations).set({ plan: 'starter' }).where(eq(organizations.id, team.org.id));
    const res = await as(t.app, team.admin)('GET', '/payments/mandates');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PLAN_LIMIT');
    const exported = await as(t.app, team.admin)('POST', '/payments/exports', {
      collectionDate: '2026-03-10',
    });
    expect(exported.json().error.code).toBe('PLAN_LIMIT');
  });
});

describe('GET /payments/collections', () => {
  it('lists by date with the IBAN masked, filtered by status and date range, overdue ones flagged', async () => {
    const team = await organization();
    const { collections } = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-02-20' });
    const call = as(t.app, team.admin);
    const res = await call('GET', '/payments/collections');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(DEBTOR_IBAN);
    const data = res.json().data as { collectionDate: string; overdue: boolean; sequenceType: string }[];
    expect(data.map((c) => c.collectionDate)).toEqual(['2026-02-20', '2026-03-20', '2026-04-20']);
    expect(data.map((c) => c.overdue)).toEqual([true, false, false]);
    expect(data.map((c) => c.sequenceType)).toEqual(['FRST', 'RCUR', 'FNAL']);
    const ranged = await call('GET', '/payments/collections?from=2026-03-01&to=2026-03-31&status=due');
    expect(ranged.json().data.map((c: { id: string }) => c.id)).toEqual([collections[1]?.id]);
    expect((await call('GET', '/payments/collections?status=paid')).json().data).toEqual([]);
    expect((await call('GET', '/payments/collections?from=ontem')).statusCode).toBe(400);
  });
});

describe('POST /payments/exports', () => {
  it('writes the file of the date once: NbOfTxs, CtrlSum, EndToEndId; a second export does not repeat it', async () => {
    const team = await organization();
    const a = await insertMandate(t.db, owner(team), {
      firstCollectionDate: '2026-03-10',
      totalCents: 100000,
    });
    const b = await insertMandate(t.db, owner(team), {
      firstCollectionDate: '2026-03-10',
      pattern: 'oneOff',
      totalCents: 45050,
    });
    const call = as(t.app, team.manager);
    const res = await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    const firstA = a.collections[0];
    expect(created).toMatchObject({
      version: '001.02',
      collectionDate: '2026-03-10',
      numberOfTransactions: 2,
    });
    expect(created.controlSumCents).toBe((firstA?.amountCents ?? 0) + 45050);
    expect(res.body).not.toContain(DEBTOR_IBAN);

    const file = await call('GET', `/payments/exports/${created.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="?sepa-2026-03-10-ACEITE-/);
    const doc = parse(file.body);
    expect(file.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    const ids = texts(doc, 'EndToEndId');
    expect(ids.sort()).toEqual([firstA?.endToEndId, b.collections[0]?.endToEndId].sort());
    expect(texts(doc, 'NbOfTxs')[0]).toBe('2');
    expect(texts(doc, 'CtrlSum')[0]).toBe(`${((created.controlSumCents as number) / 100).toFixed(2)}`);
    expect(texts(doc, 'SeqTp').sort()).toEqual(['FRST', 'OOFF']);
    expect(file.body).toContain(DEBTOR_IBAN);
    expect(texts(doc, 'AmdmntInd')).toEqual(['false', 'false']);

    const rows = await t.db
      .select()
      .from(sepaCollections)
      .where(eq(sepaCollections.id, firstA?.id ?? ''));
    expect(rows[0]).toMatchObject({ status: 'submitted', exportId: created.id });

    const again = await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(SEPA_MESSAGES.sepaNothingToExport);

    const list = await call('GET', '/payments/exports');
    expect(list.json().data.map((e: { id: string }) => e.id)).toEqual([created.id]);

    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, team.org.id), eq(auditLogs.action, 'sepa_export.created')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(DEBTOR_IBAN);
  });

  it('writes pain.008.001.08 when asked, re-dates the overdue collections and leaves out revoked mandates', async () => {
    const team = await organization();
    const overdue = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-02-20' });
    const revoked = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-03-06' });
    await as(t.app, team.admin)('POST', `/payments/mandates/${revoked.mandate.id}/revoke`);
    // Today is 2026-03-01: 2026-03-06 is the earliest date a re-dated collection can be pre-notified for.
    const res = await as(t.app, team.admin)('POST', '/payments/exports', {
      collectionDate: '2026-03-06',
      version: '001.08',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.collections.map((c: { endToEndId: string; collectionDate: string }) => c)).toEqual(
      [
        expect.objectContaining({
          endToEndId: overdue.collections[0]?.endToEndId,
          collectionDate: '2026-03-06',
        }),
      ],
    );
    const file = await as(t.app, team.admin)('GET', `/payments/exports/${res.json().data.id}/file`);
    expect(file.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(texts(parse(file.body), 'ReqdColltnDt')).toEqual(['2026-03-06']);
  });

  describe('overdue collections and the new pre-notification', () => {
    async function noticesOf(organizationId: string) {
      return t.db
        .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text })
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.organizationId, organizationId), eq(emailOutbox.kind, 'sepa_pre_notification')),
        )
        .orderBy(emailOutbox.createdAt);
    }
    const collectionRow = async (id: string | undefined) =>
      (
        await t.db
          .select()
          .from(sepaCollections)
          .where(eq(sepaCollections.id, id ?? ''))
      )[0];

    it('leaves the overdue collections out of an export nearer than the notice period', async () => {
      const team = await organization();
      const overdue = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-02-20' });
      const near = await insertMandate(t.db, owner(team), {
        firstCollectionDate: '2026-03-03',
        pattern: 'oneOff',
        recipientEmail: 'perto@cliente.pt',
      });
      // The hourly job had announced it: no second email.
      await t.db
        .update(sepaCollections)
        .set({ preNotifiedAt: new Date('2026-02-26T09:00:00Z') })
        .where(eq(sepaCollections.id, near.collections[0]?.id ?? ''));
      const res = await as(t.app, team.admin)('POST', '/payments/exports', { collectionDate: '2026-03-03' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.collections.map((c: { id: string }) => c.id)).toEqual([near.collections[0]?.id]);
      expect(await collectionRow(overdue.collections[0]?.id)).toMatchObject({
        status: 'due',
        collectionDate: '2026-02-20',
        preNotifiedAt: null,
      });
      expect(await noticesOf(team.org.id)).toEqual([]);
    });

    it('re-dates them into an export from the earliest date on, each with a new pre-notification of its new date', async () => {
      const team = await organization();
      const a = await insertMandate(t.db, owner(team), {
        firstCollectionDate: '2026-02-20',
        pattern: 'oneOff',
        totalCents: 41150,
        recipientEmail: 'a@cliente.pt',
      });
      await insertMandate(t.db, owner(team), {
        firstCollectionDate: '2026-02-25',
        pattern: 'oneOff',
        totalCents: 20000,
        recipientEmail: 'b@cliente.pt',
      });
      // Announced for its old date: the new date needs a new email all the same.
      await t.db
        .update(sepaCollections)
        .set({ preNotifiedAt: new Date('2026-02-15T09:00:00Z') })
        .where(eq(sepaCollections.id, a.collections[0]?.id ?? ''));
      const res = await as(t.app, team.manager)('POST', '/payments/exports', {
        collectionDate: '2026-03-09',
      });
      expect(res.statusCode, res.body).toBe(201);
      const exported = res.json().data.collections as {
        id: string;
        collectionDate: string;
        preNotifiedAt: string;
      }[];
      expect(exported.map((c) => c.collectionDate)).toEqual(['2026-03-09', '2026-03-09']);
      for (const c of exported) expect(c.preNotifiedAt).toBe('2026-03-01T10:00:00.000Z');
      expect(await collectionRow(a.collections[0]?.id)).toMatchObject({
        status: 'submitted',
        collectionDate: '2026-03-09',
        preNotifiedAt: new Date('2026-03-01T10:00:00Z'),
      });

      const notices = await noticesOf(team.org.id);
      expect(notices.map((n) => n.to).sort()).toEqual(['a@cliente.pt', 'b@cliente.pt']);
      const toA = notices.find((n) => n.to === 'a@cliente.pt');
      expect(toA?.subject).toBe(`Aviso de débito direto: ${formatMoney(41150)} a 09/03/2026`);
      expect(toA?.text).toContain(a.mandate.reference);
      expect(toA?.text).not.toContain('20/02/2026');
      expect(toA?.text).not.toContain(DEBTOR_IBAN);
    });

    it('answers 422 with the earliest date when only overdue collections are left and the date is too near', async () => {
      const team = await organization();
      const overdue = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-02-20' });
      const res = await as(t.app, team.admin)('POST', '/payments/exports', { collectionDate: '2026-03-05' });
      expect(res.statusCode, res.body).toBe(422);
      const message = sepaOverdueNeedsNoticeMessage('2026-03-06');
      expect(message).toBe(
        'As cobranças em atraso precisam de um novo pré-aviso: escolha uma data a partir de 06/03/2026.',
      );
      expect(res.json().error.message).toBe(message);
      expect(await collectionRow(overdue.collections[0]?.id)).toMatchObject({ status: 'due' });
      expect(await noticesOf(team.org.id)).toEqual([]);
      // Without overdue ones, a near date with nothing on it is simply nothing to export.
      const other = await organization();
      const empty = await as(t.app, other.admin)('POST', '/payments/exports', {
        collectionDate: '2026-03-05',
      });
      expect(empty.json().error.message).toBe(SEPA_MESSAGES.sepaNothingToExport);
    });

    it('pre-notifies a collection exported before the hourly job announced it, with its date', async () => {
      const team = await organization();
      const early = await insertMandate(t.db, owner(team), {
        firstCollectionDate: '2026-03-20',
        pattern: 'oneOff',
        totalCents: 30000,
        recipientEmail: 'cedo@cliente.pt',
      });
      const res = await as(t.app, team.admin)('POST', '/payments/exports', { collectionDate: '2026-03-20' });
      expect(res.statusCode, res.body).toBe(201);
      const notices = await noticesOf(team.org.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.subject).toBe(`Aviso de débito direto: ${formatMoney(30000)} a 20/03/2026`);
      expect((await collectionRow(early.collections[0]?.id))?.preNotifiedAt).toEqual(
        new Date('2026-03-01T10:00:00Z'),
      );
    });
  });

  it('leaves out a collection whose mandate has no debtor email, un-notified; 422 when no other is left', async () => {
    const team = await organization();
    const told = await insertMandate(t.db, owner(team), {
      firstCollectionDate: '2026-03-10',
      pattern: 'oneOff',
    });
    const untold = await insertMandate(t.db, owner(team), {
      firstCollectionDate: '2026-03-10',
      pattern: 'oneOff',
      debtorEmail: null,
    });
    const call = as(t.app, team.admin);
    const res = await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.collections.map((c: { id: string }) => c.id)).toEqual([told.collections[0]?.id]);
    const [left] = await t.db
      .select()
      .from(sepaCollections)
      .where(eq(sepaCollections.id, untold.collections[0]?.id ?? ''));
    expect(left).toMatchObject({ status: 'due', preNotifiedAt: null, exportId: null });
    const listed = await call('GET', '/payments/collections?status=due');
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        id: untold.collections[0]?.id,
        debtorEmailMissing: true,
        preNotifiedAt: null,
      }),
    ]);

    const again = await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().error.message).toBe(SEPA_MESSAGES.sepaExportNeedsDebtorEmail);
  });

  it("counts today in the organization's calendar: the past, the overdue and the earliest new date (Azores)", async () => {
    // 00:30 UTC on 10 December: the 10th in Lisbon, still the 9th in the Azores.
    setClock(() => new Date('2026-12-10T00:30:00Z'));
    const lisbon = await organization();
    const azores = await organization();
    await t.db
      .update(organizations)
      .set({ timezone: 'Atlantic/Azores' })
      .where(eq(organizations.id, azores.org.id));
    for (const team of [lisbon, azores]) {
      await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-12-01', pattern: 'oneOff' });
      await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-12-09', pattern: 'oneOff' });
    }
    const overdueOf = async (team: Team) =>
      ((await as(t.app, team.admin)('GET', '/payments/collections')).json().data as Collection[]).map((c) => [
        c.collectionDate,
        c.overdue,
      ]);
    expect(await overdueOf(lisbon)).toEqual([
      ['2026-12-01', true],
      ['2026-12-09', true],
    ]);
    expect(await overdueOf(azores)).toEqual([
      ['2026-12-01', true],
      ['2026-12-09', false],
    ]);

    // The 9th is today in the Azores, yesterday in Lisbon.
    const past = await as(t.app, lisbon.admin)('POST', '/payments/exports', { collectionDate: '2026-12-09' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(SEPA_MESSAGES.sepaExportDateInPast);
    const today = await as(t.app, azores.admin)('POST', '/payments/exports', {
      collectionDate: '2026-12-09',
    });
    expect(today.statusCode, today.body).toBe(201);

    // The earliest new date for the overdue ones: the 14th in the Azores, the 15th in Lisbon.
    const early = await as(t.app, lisbon.admin)('POST', '/payments/exports', {
      collectionDate: '2026-12-14',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(sepaOverdueNeedsNoticeMessage('2026-12-15'));
    const redated = await as(t.app, azores.admin)('POST', '/payments/exports', {
      collectionDate: '2026-12-14',
    });
    expect(redated.statusCode, redated.body).toBe(201);
    expect(redated.json().data.collections.map((c: Collection) => c.collectionDate)).toEqual(['2026-12-14']);
  });

  it('sends an amendment when the creditor changed since the signature, then stores the new creditor', async () => {
    const team = await organization();
    const { mandate } = await insertMandate(t.db, owner(team), {
      firstCollectionDate: '2026-03-10',
      creditor: { name: 'Nome Antigo Lda', creditorIdentifier: TEST_CREDITOR.creditorIdentifier },
    });
    const res = await as(t.app, team.admin)('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(201);
    const file = await as(t.app, team.admin)('GET', `/payments/exports/${res.json().data.id}/file`);
    const doc = parse(file.body);
    expect(texts(doc, 'AmdmntInd')).toEqual(['true']);
    expect(file.body).toContain('<OrgnlCdtrSchmeId>');
    expect(file.body).toContain('Nome Antigo Lda');
    const [stored] = await t.db.select().from(sepaMandates).where(eq(sepaMandates.id, mandate.id));
    expect(stored?.creditorName).toBe(TEST_CREDITOR.name);
  });

  it('never puts a collection in two exports made at the same time', async () => {
    const team = await organization();
    for (let i = 0; i < 4; i++) await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-03-10' });
    const call = as(t.app, team.admin);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/payments/exports', { collectionDate: '2026-03-10' })),
    );
    const made = answers.filter((r) => r.statusCode === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([201, 422]).toContain(r.statusCode);
    const exported = made.flatMap((r) => r.json().data.collections.map((c: { id: string }) => c.id));
    expect(exported).toHaveLength(4);
    expect(new Set(exported).size).toBe(4);
  });

  it('refuses a past date, a wrong version, and a creditor not set', async () => {
    const team = await createTeamOfRoles(t.db);
    const call = as(t.app, team.admin);
    const past = await call('POST', '/payments/exports', { collectionDate: '2026-02-27' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(SEPA_MESSAGES.sepaExportDateInPast);
    const version = await call('POST', '/payments/exports', {
      collectionDate: '2026-03-10',
      version: '001.03',
    });
    expect(version.statusCode).toBe(400);
    const none = await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(SEPA_MESSAGES.sepaExportNeedsCreditor);
    for (const user of [team.sales, team.viewer]) {
      expect(
        (await as(t.app, user)('POST', '/payments/exports', { collectionDate: '2026-03-10' })).statusCode,
      ).toBe(403);
    }
  });
});

describe('paid, returned, revoked', () => {
  it('marks only a submitted collection paid or returned, with a reason code, audited and announced', async () => {
    const team = await organization();
    const { collections } = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-03-10' });
    const [first, second] = collections;
    const call = as(t.app, team.admin);
    const early = await call('POST', `/payments/collections/${first?.id}/paid`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(SEPA_MESSAGES.sepaCollectionNotSubmitted);
    await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });

    const bad = await call('POST', `/payments/collections/${first?.id}/returned`, { reason: 'XX99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe(SEPA_MESSAGES.sepaReturnReasonInvalid);
    const returned = await call('POST', `/payments/collections/${first?.id}/returned`, { reason: 'AM04' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'returned', returnReason: 'AM04' });
    expect((await call('POST', `/payments/collections/${first?.id}/paid`)).statusCode).toBe(409);
    expect((await call('POST', `/payments/collections/${second?.id}/paid`)).statusCode).toBe(409);
    expect((await call('POST', `/payments/collections/${crypto.randomUUID()}/paid`)).statusCode).toBe(404);

    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.organizationId, team.org.id));
    // No endpoint subscribed: nothing queued, and nothing fails.
    expect(events.every((e) => e.type.startsWith('collection.'))).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, team.org.id), eq(auditLogs.action, 'sepa_collection.returned')),
      );
    expect(audit[0]?.metadata).toMatchObject({ reason: 'AM04', debtorIban: 'PT50 •••• •••• •••• •••• 0154' });
  });

  it('marks a submitted collection paid', async () => {
    const team = await organization();
    const { collections } = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-03-10' });
    const call = as(t.app, team.manager);
    await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    const paid = await call('POST', `/payments/collections/${collections[0]?.id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
  });

  it('revokes a mandate once; its due collections are not exported', async () => {
    const team = await organization();
    const { mandate } = await insertMandate(t.db, owner(team), { firstCollectionDate: '2026-03-10' });
    const call = as(t.app, team.admin);
    expect((await as(t.app, team.sales)('POST', `/payments/mandates/${mandate.id}/revoke`)).statusCode).toBe(
      403,
    );
    const res = await call('POST', `/payments/mandates/${mandate.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'revoked', collections: { due: 3 } });
    expect((await call('POST', `/payments/mandates/${mandate.id}/revoke`)).statusCode).toBe(409);
    expect((await call('POST', '/payments/exports', { collectionDate: '2026-03-10' })).statusCode).toBe(422);
  });
});
