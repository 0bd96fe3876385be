import { readFileSync } from 'node:fs';
import { formatMoney } from '@aceite/shared/money';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, organizations, proposals, sepaCollections, sepaMandates } from '@/db/schema/index.ts';
import { setClock } from '@/lib/clock.ts';
import { claimPreNotification } from '@/modules/sepa/sepa-collections.queries.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { DEBTOR_IBAN, insertCreditor, insertMandate, TEST_CREDITOR } from '@/test/sepa-fixtures.ts';
import { startReceiver } from '@/test/webhook-receiver.ts';

/*
 * The SEPA pre-notification job and the collection webhooks (issue 39,
 * docs/product.md#mandates-collections-and-the-file): the job on a controlled clock with the real outbox, the
 * events delivered to a real receiver on loopback and checked against the published OpenAPI document.
 */

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await buildTestApp({
    webhooks: { allowPrivate: true, baseDelayMs: 30, maxDelayMs: 60, timeoutMs: 2000 },
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
afterEach(() => setClock(null));

async function organization() {
  const team = await createTeamOfRoles(t.db);
  await insertCreditor(t.db, team.org.id);
  return team;
}

describe('the pre-notification email', () => {
  async function mailOf(organizationId: string) {
    return t.db
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.organizationId, organizationId), eq(emailOutbox.kind, 'sepa_pre_notification')),
      )
      .orderBy(emailOutbox.createdAt);
  }

  it('goes to the debtor SEPA_NOTICE_DAYS before each collection, once even when runs race, never for a revoked mandate', async () => {
    const team = await organization();
    const owner = { organizationId: team.org.id, ownerId: team.admin.id };
    const { collections, mandate } = await insertMandate(t.db, owner, {
      firstCollectionDate: '2026-04-10',
      totalCents: 123450,
      recipientEmail: 'devedora@cliente.pt',
    });
    const revoked = await insertMandate(t.db, owner, { firstCollectionDate: '2026-04-10' });
    await t.db.update(sepaMandates).set({ status: 'revoked' }).where(eq(sepaMandates.id, revoked.mandate.id));
    const run = (iso: string) => t.app.sepaPreNotifications.run(new Date(iso));

    await run('2026-04-04T09:00:00Z');
    expect(await mailOf(team.org.id)).toEqual([]);

    await Promise.all([
      run('2026-04-05T09:00:00Z'),
      run('2026-04-05T09:00:00Z'),
      run('2026-04-05T09:00:00Z'),
    ]);
    await run('2026-04-06T09:00:00Z');
    const mail = await mailOf(team.org.id);
    expect(mail).toHaveLength(1);
    const first = collections[0];
    expect(mail[0]?.to).toBe('devedora@cliente.pt');
    // pt-PT money, as formatMoney writes it (a non-breaking space before the euro sign).
    expect(mail[0]?.subject).toBe(`Aviso de débito direto: ${formatMoney(41150)} a 10/04/2026`);
    for (const fact of [
      formatMoney(41150),
      '10/04/2026',
      TEST_CREDITOR.name,
      TEST_CREDITOR.creditorIdentifier,
      mandate.reference,
      'PT50 •••• •••• •••• •••• 0154',
    ]) {
      expect(mail[0]?.text).toContain(fact);
    }
    expect(mail[0]?.text).not.toContain(DEBTOR_IBAN);
    const [row] = await t.db
      .select()
      .from(sepaCollections)
      .where(eq(sepaCollections.id, first?.id ?? ''));
    expect(row?.preNotifiedAt).not.toBeNull();

    // The next instalment, a month later; the outbox delivers them.
    await run('2026-05-05T09:00:00Z');
    expect(await mailOf(team.org.id)).toHaveLength(2);
    await t.app.outbox.drain();
    expect(t.sentMail.filter((m) => m.to === 'devedora@cliente.pt')).toHaveLength(2);
  });
});

describe('the pre-notification email: whom and when', () => {
  const mailTo = async (organizationId: string) =>
    (
      await t.db
        .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.organizationId, organizationId), eq(emailOutbox.kind, 'sepa_pre_notification')),
        )
    ).map((m) => m.to);
  const preNotifiedAt = async (id: string | undefined) =>
    (
      await t.db
        .select({ at: sepaCollections.preNotifiedAt })
        .from(sepaCollections)
        .where(eq(sepaCollections.id, id ?? ''))
    )[0]?.at;

  it('goes to the email kept on the mandate, and a mandate with none is never marked pre-notified', async () => {
    const team = await organization();
    const owner = { organizationId: team.org.id, ownerId: team.admin.id };
    const kept = await insertMandate(t.db, owner, {
      firstCollectionDate: '2026-04-10',
      pattern: 'oneOff',
      recipientEmail: 'outro@cliente.pt',
      debtorEmail: 'devedora@cliente.pt',
    });
    const none = await insertMandate(t.db, owner, {
      firstCollectionDate: '2026-04-10',
      pattern: 'oneOff',
      debtorEmail: null,
    });
    await t.app.sepaPreNotifications.run(new Date('2026-04-05T09:00:00Z'));
    await t.app.sepaPreNotifications.run(new Date('2026-04-06T09:00:00Z'));
    expect(await mailTo(team.org.id)).toEqual(['devedora@cliente.pt']);
    expect(await preNotifiedAt(kept.collections[0]?.id)).toEqual(new Date('2026-04-05T09:00:00Z'));
    expect(await preNotifiedAt(none.collections[0]?.id)).toBeNull();
    // Even claimed by hand, a collection of a mandate without an address is not marked told.
    const scope = { db: t.db, organizationId: team.org.id };
    expect(await claimPreNotification(scope, none.collections[0]?.id ?? '', new Date())).toBeUndefined();
    expect(await preNotifiedAt(none.collections[0]?.id)).toBeNull();
    const listed = await as(t.app, team.admin)('GET', '/payments/collections?status=due');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json().data as { id: string; debtorEmailMissing: boolean; preNotifiedAt: string | null }[]).map(
        (c) => [c.id, c.debtorEmailMissing, c.preNotifiedAt],
      ),
    ).toEqual(
      expect.arrayContaining([
        [kept.collections[0]?.id, false, '2026-04-05T09:00:00.000Z'],
        [none.collections[0]?.id, true, null],
      ]),
    );
  });

  it("counts the notice days from the organization's calendar day: Lisbon and the Azores apart at 00:30 UTC", async () => {
    const lisbon = await organization();
    const azores = await organization();
    await t.db
      .update(organizations)
      .set({ timezone: 'Atlantic/Azores' })
      .where(eq(organizations.id, azores.org.id));
    const mandates = async (team: typeof lisbon) => {
      const owner = { organizationId: team.org.id, ownerId: team.admin.id };
      const one = (date: string, email: string) =>
        insertMandate(t.db, owner, { firstCollectionDate: date, pattern: 'oneOff', debtorEmail: email });
      await one('2026-12-09', `dia9-${team.org.id}@cliente.pt`);
      await one('2026-12-15', `dia15-${team.org.id}@cliente.pt`);
    };
    await mandates(lisbon);
    await mandates(azores);
    // 2026-12-10T00:30Z: the 10th in Lisbon (notices for the 10th to the 15th), the 9th in the Azores (the 9th
    // to the 14th).
    await t.app.sepaPreNotifications.run(new Date('2026-12-10T00:30:00Z'));
    expect(await mailTo(lisbon.org.id)).toEqual([`dia15-${lisbon.org.id}@cliente.pt`]);
    expect(await mailTo(azores.org.id)).toEqual([`dia9-${azores.org.id}@cliente.pt`]);
  });
});

describe('migration 0042: the debtor email of the mandates signed before', () => {
  it("takes the proposal's recipient, else the signer's email; a due collection marked told without one is not", async () => {
    const team = await organization();
    const owner = { organizationId: team.org.id, ownerId: team.admin.id };
    const recipient = await insertMandate(t.db, owner, {
      firstCollectionDate: '2026-04-10',
      recipientEmail: 'recetora@cliente.pt',
      debtorEmail: null,
    });
    const signer = await insertMandate(t.db, owner, { firstCollectionDate: '2026-04-10', debtorEmail: null });
    const neither = await insertMandate(t.db, owner, {
      firstCollectionDate: '2026-04-10',
      debtorEmail: null,
    });
    await t.db
      .update(proposals)
      .set({ recipientEmail: null, signedByEmail: 'assinante@cliente.pt' })
      .where(eq(proposals.id, signer.proposal.id));
    await t.db.update(proposals).set({ recipientEmail: null }).where(eq(proposals.id, neither.proposal.id));
    const [due, submitted] = neither.collections;
    const told = new Date('2026-04-05T09:00:00Z');
    await t.db
      .update(sepaCollections)
      .set({ preNotifiedAt: told })
      .where(eq(sepaCollections.mandateId, neither.mandate.id));
    await t.db
      .update(sepaCollections)
      .set({ status: 'submitted' })
      .where(eq(sepaCollections.id, submitted?.id ?? ''));

    // The statements after the column's: the backfill, run again on these rows.
    const migration = readFileSync(
      new URL('../../db/migrations/0042_sepa-mandate-debtor-email.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) {
      await t.db.execute(sql.raw(statement));
    }
    const emailOf = async (id: string) =>
      (await t.db.select().from(sepaMandates).where(eq(sepaMandates.id, id)))[0]?.debtorEmail;
    expect(await emailOf(recipient.mandate.id)).toBe('recetora@cliente.pt');
    expect(await emailOf(signer.mandate.id)).toBe('assinante@cliente.pt');
    expect(await emailOf(neither.mandate.id)).toBeNull();
    const toldAt = async (id: string | undefined) =>
      (
        await t.db
          .select()
          .from(sepaCollections)
          .where(eq(sepaCollections.id, id ?? ''))
      )[0]?.preNotifiedAt;
    expect(await toldAt(due?.id)).toBeNull();
    expect(await toldAt(submitted?.id)).toEqual(told);
  });
});

describe('collection.exported and collection.returned', () => {
  it('are delivered to a receiver on loopback, valid against the OpenAPI document', async () => {
    setClock(() => new Date('2026-03-01T10:00:00Z'));
    const team = await organization();
    const call = as(t.app, team.admin);
    const hook = await call('POST', '/webhooks', {
      url: receiver.url,
      events: ['collection.exported', 'collection.returned'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { collections } = await insertMandate(
      t.db,
      { organizationId: team.org.id, ownerId: team.admin.id },
      { firstCollectionDate: '2026-03-10' },
    );
    const exported = await call('POST', '/payments/exports', { collectionDate: '2026-03-10' });
    expect(exported.statusCode, exported.body).toBe(201);
    const returned = await call('POST', `/payments/collections/${collections[0]?.id}/returned`, {
      reason: 'MD06',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    for (let i = 0; i < 20 && (await t.app.webhookWorker.drain()) > 0; i++);

    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
      components: object;
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const f of ['date-time', 'uuid', 'email', 'date', 'uri']) ajv.addFormat(f, true);
    const types = receiver.received.map((r) => r.json.type);
    expect(types).toEqual(['collection.exported', 'collection.returned']);
    for (const got of receiver.received) {
      const schema = doc.webhooks[got.json.type]?.post.requestBody.content['application/json']?.schema;
      const validate = ajv.compile({ ...schema, components: doc.components });
      expect(validate(got.json), `${got.json.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(got.body).not.toContain(DEBTOR_IBAN);
    }
    const [exportEvent, returnEvent] = receiver.received.map((r) => r.json.data);
    expect(exportEvent).toMatchObject({
      id: exported.json().data.id,
      collectionDate: '2026-03-10',
      numberOfTransactions: 1,
      controlSumCents: collections[0]?.amountCents,
    });
    expect(exportEvent?.collections).toHaveLength(1);
    expect(returnEvent).toMatchObject({
      id: collections[0]?.id,
      status: 'returned',
      returnReason: 'MD06',
      returnReasonLabel: 'MD06 — Reembolso pedido pelo devedor',
    });
  });
});
