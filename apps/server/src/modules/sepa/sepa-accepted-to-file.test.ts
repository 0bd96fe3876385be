import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { emailOutbox, proposals } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { pain008SchemaErrors } from '@/test/pain008-xsd.ts';
import { texts } from '@/test/sepa-fixtures.ts';

/*
 * Issue 39 from one end to the other, through the API alone (docs/product.md#sepa-direct-debit): the member puts
 * the schedule on the proposal, the client accepts with the mandate, and the export of the first date carries
 * that debit once; a second export of the date carries nothing again.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a SEPA proposal accepted, then exported', () => {
  it('the mandate signed on the public page is in the file of its first date once, and not again', async () => {
    const team = await createTeamOfRoles(t.db);
    const admin = as(t.app, team.admin);
    const saved = await admin('PUT', '/settings/payments', {
      name: 'Conceição e Filhos, Lda.',
      creditorIdentifier: 'PT19ZZZ101148',
      iban: 'PT50002700000001234567833',
      bic: '',
      defaultPattern: 'monthly',
      defaultInstalments: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const client = await as(t.app, team.sales)('POST', '/clients', {
      name: 'Joana Lima',
      email: 'joana@lima.pt',
    });
    const created = await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Avença anual',
      clientId: client.json().data.id,
      content: { blocks: [], items: [{ name: 'Avença', quantity: 1, unitPrice: 100_000 }] },
      taxRate: 23,
      sepa: { pattern: 'monthly', instalments: 3, firstCollectionDate: '2030-01-31' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.sepa).toEqual({
      pattern: 'monthly',
      instalments: 3,
      firstCollectionDate: '2030-01-31',
    });
    const { id } = created.json().data;
    // Sending is another test's subject: the proposal is marked sent, to the client's email, as the send does.
    const [row] = await t.db
      .update(proposals)
      .set({ status: 'sent', recipientEmail: 'joana@lima.pt' })
      .where(eq(proposals.id, id))
      .returning();
    const token = row?.publicToken as string;

    const accepted = await answerAsClient(t, token, 'accept', {
      mandate: { debtorName: 'Joana Lima', iban: 'PT50 0002 0123 1234 5678 9015 4' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const due = await admin('GET', '/payments/collections?status=due');
    expect(due.statusCode, due.body).toBe(200);
    const mine = due.json().data as { endToEndId: string; collectionDate: string; amount?: number }[];
    expect(mine.map((c) => c.collectionDate)).toEqual(['2030-01-31', '2030-02-28', '2030-03-31']);
    expect(JSON.stringify(due.json())).not.toContain('PT50000201231234567890154');

    const exported = await admin('POST', '/payments/exports', { collectionDate: '2030-01-31' });
    expect(exported.statusCode, exported.body).toBe(201);
    // Not announced by the hourly job yet (the date is far): the export told the debtor, at the mandate's email.
    const notices = await t.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.organizationId, team.org.id), eq(emailOutbox.kind, 'sepa_pre_notification')));
    expect(notices).toEqual([{ to: 'joana@lima.pt' }]);
    const file = await admin('GET', `/payments/exports/${exported.json().data.id}/file`);
    expect(file.statusCode).toBe(200);
    // The file the bank gets, against the official ISO 20022 schema (docs/decisions.md#sepa-the-official-schema).
    expect(await pain008SchemaErrors(file.body)).toEqual([]);
    const xml = create(file.body).end({ format: 'object' });
    const first = mine[0]?.endToEndId as string;
    expect(texts(xml, 'EndToEndId')).toEqual([first]);
    expect(texts(xml, 'SeqTp')).toEqual(['FRST']);
    // 1 230,00 € in three: 410,00 € each.
    expect(texts(xml, 'CtrlSum')).toEqual(['410.00', '410.00']);
    expect(texts(xml, 'IBAN')).toContain('PT50000201231234567890154');
    expect(texts(xml, 'MndtId')).toHaveLength(1);

    const again = await admin('POST', '/payments/exports', { collectionDate: '2030-01-31' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(SEPA_MESSAGES.sepaNothingToExport);
    const left = await admin('GET', '/payments/collections?status=due');
    expect((left.json().data as { endToEndId: string }[]).map((c) => c.endToEndId)).not.toContain(first);
  });
});
