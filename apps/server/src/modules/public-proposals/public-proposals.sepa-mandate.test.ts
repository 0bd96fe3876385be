import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { sepaSchedule, termsOnAcceptance } from '@aceite/shared/sepa/schedule';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  organizations,
  proposalEvents,
  proposals,
  sepaCollections,
  sepaMandates,
} from '@/db/schema/index.ts';
import { setClock } from '@/lib/clock.ts';
import { organizationToday } from '@/lib/validity.ts';
import { referenceStem } from '@/modules/sepa/sepa-mandates.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';

// The SEPA mandate signed with the acceptance (issue 39, docs/product.md#the-mandate-at-acceptance).
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const IBAN = 'PT50000201231234567890154';
const MANDATE = { debtorName: 'Joana Lima', iban: 'pt50 0002 0123 1234 5678 9015 4' };

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  const creditor = await as(t.app, team.admin)('PUT', '/settings/payments', {
    name: 'Conceição e Filhos, Lda.',
    creditorIdentifier: 'PT19ZZZ101148',
    iban: 'PT50002700000001234567833',
    bic: '',
    defaultPattern: 'oneOff',
    defaultInstalments: null,
  });
  expect(creditor.statusCode, creditor.body).toBe(200);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

type Sepa = {
  sepaPattern: 'oneOff' | 'monthly';
  sepaInstalments: number | null;
  sepaFirstCollectionDate: string;
};

/** A sent proposal of 1 000,00 € + IVA 23 % (123 000 cents); SEPA turned on in the columns (helper A's part). */
async function sentProposal(sepa: Sepa | null): Promise<{ id: string; token: string; number: string }> {
  const res = await as(t.app, team.sales)('POST', '/proposals', {
    title: 'Avença de contabilidade',
    clientId,
    content: { blocks: [], items: [{ name: 'Avença', quantity: 1, unitPrice: 100_000 }] },
    taxRate: 23,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json().data;
  const [row] = await t.db
    .update(proposals)
    .set({ status: 'sent', ...(sepa ?? {}) })
    .where(eq(proposals.id, id))
    .returning();
  // The number in the SEPA identifier set ('ORC 2026/0042' → 'ORC-2026-0042'), the stem of the reference.
  return { id, token: row?.publicToken as string, number: referenceStem(row?.number as string) };
}

const MONTHLY: Sepa = { sepaPattern: 'monthly', sepaInstalments: 7, sepaFirstCollectionDate: '2030-01-31' };

async function mandateOf(proposalId: string) {
  const [mandate] = await t.db.select().from(sepaMandates).where(eq(sepaMandates.proposalId, proposalId));
  if (!mandate) return { mandate, collections: [] };
  const collections = await t.db
    .select()
    .from(sepaCollections)
    .where(eq(sepaCollections.mandateId, mandate.id))
    .orderBy(asc(sepaCollections.sequence));
  return { mandate, collections };
}

const statusOf = async (id: string) =>
  (await t.db.select({ status: proposals.status }).from(proposals).where(eq(proposals.id, id)))[0]?.status;

function fieldMessages(res: { json: () => unknown }): string[] {
  const body = res.json() as { error: { message: string; details?: { message: string }[] } };
  return [body.error.message, ...(body.error.details ?? []).map((d) => d.message)];
}

describe('the mandate at acceptance: refusals', () => {
  it('requires the mandate when the proposal is paid by SEPA Direct Debit, on accept and on sign', async () => {
    const { id, token } = await sentProposal(MONTHLY);
    const accept = await answerAsClient(t, token, 'accept');
    expect(accept.statusCode).toBe(400);
    expect(fieldMessages(accept)).toContain(SEPA_MESSAGES.sepaMandateRequired);
    const sign = await answerAsClient(t, token, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
    });
    expect(sign.statusCode).toBe(400);
    expect(fieldMessages(sign)).toContain(SEPA_MESSAGES.sepaMandateRequired);
    expect(await statusOf(id)).toBe('sent');
    expect((await mandateOf(id)).mandate).toBeUndefined();
  });

  it('refuses a mandate for a proposal without SEPA', async () => {
    const { id, token } = await sentProposal(null);
    const res = await answerAsClient(t, token, 'accept', { mandate: MANDATE });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toContain(SEPA_MESSAGES.sepaMandateNotExpected);
    expect(await statusOf(id)).toBe('sent');
  });

  it('refuses a wrong IBAN, a missing BIC outside the EEA, a wrong BIC and a missing or long name', async () => {
    const { id, token } = await sentProposal(MONTHLY);
    const cases: [Record<string, unknown>, string][] = [
      [{ iban: 'PT50000201231234567890155' }, SEPA_MESSAGES.sepaIbanInvalid],
      [{ iban: 'BR1800360305000010009795493C1' }, SEPA_MESSAGES.sepaIbanInvalid],
      [{ iban: 'CH9300762011623852957' }, SEPA_MESSAGES.sepaBicRequired],
      [{ iban: 'CH9300762011623852957', bic: 'UBS' }, SEPA_MESSAGES.sepaBicInvalid],
      [{ debtorName: '  ' }, SEPA_MESSAGES.sepaDebtorNameRequired],
      [{ debtorName: 'a'.repeat(71) }, SEPA_MESSAGES.sepaDebtorNameTooLong],
    ];
    for (const [change, message] of cases) {
      const res = await answerAsClient(t, token, 'accept', { mandate: { ...MANDATE, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldMessages(res), JSON.stringify(change)).toContain(message);
    }
    expect(await statusOf(id)).toBe('sent');
  });
});

describe('the mandate at acceptance: recorded', () => {
  it('accepting records the mandate and its collections from the shared schedule, and shows it masked', async () => {
    const { id, token, number } = await sentProposal(MONTHLY);
    const res = await answerAsClient(t, token, 'accept', { mandate: MANDATE });
    expect(res.statusCode, res.body).toBe(200);

    const { mandate, collections } = await mandateOf(id);
    expect(mandate).toMatchObject({
      organizationId: team.org.id,
      reference: `${number}-M1`,
      debtorName: 'Joana Lima',
      debtorIban: IBAN,
      debtorBic: null,
      creditorName: 'Conceição e Filhos, Lda.',
      creditorIdentifier: 'PT19ZZZ101148',
      status: 'active',
      // Marked sent without a recipient, the client answered with no email known: none to pre-notify.
      debtorEmail: null,
    });
    // 123 000 cents over 7 months: 17 571 each, the 3 leftover cents on the first three.
    expect(collections.map((c) => [c.sequenceType, c.collectionDate, c.amountCents])).toEqual([
      ['FRST', '2030-01-31', 17_572],
      ['RCUR', '2030-02-28', 17_572],
      ['RCUR', '2030-03-31', 17_572],
      ['RCUR', '2030-04-30', 17_571],
      ['RCUR', '2030-05-31', 17_571],
      ['RCUR', '2030-06-30', 17_571],
      ['FNAL', '2030-07-31', 17_571],
    ]);
    expect(collections.reduce((sum, c) => sum + c.amountCents, 0)).toBe(123_000);
    expect(collections.map((c) => c.endToEndId)).toEqual(
      collections.map((c) => `${number}-M1-0${c.sequence}`),
    );
    expect(collections.every((c) => c.status === 'due' && c.endToEndId.length <= 35)).toBe(true);

    // The page after the answer: the reference and the IBAN masked, never whole.
    const page = await t.app.inject({ url: `/api/v1/public/proposals/${token}?refresh=1` });
    expect(page.json().data.mandate).toEqual({
      reference: `${number}-M1`,
      ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
    });
    expect(page.body).not.toContain(IBAN);

    // The evidence: the chain event and the audit record carry the mandate, the IBAN masked.
    const [event] = await t.db
      .select()
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, id), eq(proposalEvents.type, 'accepted')));
    const chained = (event?.payload as { sepaMandate?: Record<string, unknown> } | undefined)?.sepaMandate;
    expect(chained).toMatchObject({
      reference: `${number}-M1`,
      ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
      creditorName: 'Conceição e Filhos, Lda.',
      creditorIdentifier: 'PT19ZZZ101148',
      signedAt: mandate?.signedAt.toISOString(),
    });
    expect(chained?.schedule).toHaveLength(7);
    expect(chained?.debtorNameSha256).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_accepted')));
    expect((audit?.metadata as { sepaMandate?: unknown } | undefined)?.sepaMandate).toMatchObject({
      reference: `${number}-M1`,
      debtorName: 'Joana Lima',
      ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
    });
    expect(JSON.stringify(event?.payload)).not.toContain(IBAN);
    expect(JSON.stringify(audit?.metadata)).not.toContain(IBAN);

    // Answered once: a repeated acceptance is refused as any second answer, no second mandate.
    const again = await answerAsClient(t, token, 'accept', { mandate: MANDATE });
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(sepaMandates).where(eq(sepaMandates.proposalId, id))).toHaveLength(1);
  });

  it('signing records the mandate with the BIC, a first date too near moves to 5 days after today', async () => {
    const { id, token, number } = await sentProposal({
      sepaPattern: 'oneOff',
      sepaInstalments: null,
      sepaFirstCollectionDate: '2020-01-01',
    });
    const res = await answerAsClient(t, token, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
      mandate: { debtorName: 'Joana Lima', iban: 'CH9300762011623852957', bic: 'ubsw ch zh 80a' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { mandate, collections } = await mandateOf(id);
    // No recipient: the signer's email is where the pre-notifications go.
    expect(mandate).toMatchObject({
      reference: `${number}-M1`,
      debtorBic: 'UBSWCHZH80A',
      debtorEmail: 'joana@lima.pt',
    });
    const today = organizationToday(team.org.timezone);
    const expected = sepaSchedule(
      123_000,
      termsOnAcceptance({ pattern: 'oneOff', instalments: null, firstCollectionDate: '2020-01-01' }, today),
    );
    expect(collections.map((c) => [c.sequenceType, c.collectionDate, c.amountCents])).toEqual(
      expected.map((c) => [c.sequenceType, c.collectionDate, c.amountCents]),
    );
    expect((collections[0]?.collectionDate ?? '') > today).toBe(true);
  });

  it('keeps references unique per organization: the next mandate of the same number gets -M2', async () => {
    const first = await sentProposal(MONTHLY);
    const second = await sentProposal(MONTHLY);
    // Two proposals that carry the same number (a number typed again): the stem is the same.
    const [firstRow] = await t.db.select().from(proposals).where(eq(proposals.id, first.id));
    await t.db.update(proposals).set({ number: firstRow?.number }).where(eq(proposals.id, second.id));
    expect((await answerAsClient(t, first.token, 'accept', { mandate: MANDATE })).statusCode).toBe(200);
    const res = await answerAsClient(t, second.token, 'accept', { mandate: MANDATE });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mandateOf(first.id)).mandate?.reference).toBe(`${first.number}-M1`);
    expect((await mandateOf(second.id)).mandate?.reference).toBe(`${first.number}-M2`);
    const ends = (await mandateOf(second.id)).collections.map((c) => c.endToEndId);
    expect(ends[0]).toBe(`${first.number}-M2-01`);
  });

  it("keeps the proposal's recipient, the address the one-time code went to, as the debtor's email", async () => {
    const { id, token } = await sentProposal(MONTHLY);
    await t.db.update(proposals).set({ recipientEmail: 'joana@lima.pt' }).where(eq(proposals.id, id));
    const res = await answerAsClient(t, token, 'accept', { mandate: MANDATE });
    expect(res.statusCode, res.body).toBe(200);
    const [decided] = await t.db.select().from(proposals).where(eq(proposals.id, id));
    expect(decided?.answerVerification).toMatchObject({ method: 'email_code', email: 'joana@lima.pt' });
    expect((await mandateOf(id)).mandate?.debtorEmail).toBe('joana@lima.pt');
  });

  it("dates the schedule on the organization's calendar day, the day its page shows it from", async () => {
    // 00:30 UTC on 10 December: the 10th in Lisbon, still the 9th in the Azores.
    const at = new Date('2026-12-10T00:30:00Z');
    const oneOff: Sepa = {
      sepaPattern: 'oneOff',
      sepaInstalments: null,
      sepaFirstCollectionDate: '2026-12-01',
    };
    await t.db
      .update(organizations)
      .set({ timezone: 'Atlantic/Azores' })
      .where(eq(organizations.id, team.org.id));
    setClock(() => at);
    try {
      const { id, token } = await sentProposal(oneOff);
      const page = await t.app.inject({ url: `/api/v1/public/proposals/${token}?refresh=1` });
      // The page counts its "today" in the zone it is given (sepaCalendarDay), as the acceptance does.
      expect(page.json().data.sepa).toMatchObject({
        firstCollectionDate: '2026-12-01',
        timeZone: 'Atlantic/Azores',
      });
      const res = await answerAsClient(t, token, 'accept', { mandate: MANDATE });
      expect(res.statusCode, res.body).toBe(200);
      // The 9th + SEPA_NOTICE_DAYS: the 14th (Lisbon's day would have made it the 15th).
      expect((await mandateOf(id)).collections.map((c) => c.collectionDate)).toEqual(['2026-12-14']);
    } finally {
      setClock(null);
      await t.db
        .update(organizations)
        .set({ timezone: team.org.timezone })
        .where(eq(organizations.id, team.org.id));
    }
  });

  it('a rejection takes no mandate and records none', async () => {
    const { id, token } = await sentProposal(MONTHLY);
    const res = await answerAsClient(t, token, 'reject', { reasonCode: 'price' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mandateOf(id)).mandate).toBeUndefined();
  });
});

describe('the mandate at acceptance: logs', () => {
  it('never writes the IBAN into the log, with or without spaces', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: 'debug', logStream: { write: (l) => lines.push(l) } });
    try {
      const org = await createTeamOfRoles(logged.db);
      const creditor = await as(logged.app, org.admin)('PUT', '/settings/payments', {
        name: 'Conceição e Filhos, Lda.',
        creditorIdentifier: 'PT19ZZZ101148',
        iban: 'PT50002700000001234567833',
        bic: '',
        defaultPattern: 'oneOff',
        defaultInstalments: null,
      });
      expect(creditor.statusCode).toBe(200);
      const { token } = await insertSentProposal(
        logged.db,
        { organizationId: org.org.id, ownerId: org.sales.id },
        MONTHLY,
      );
      // A refused one (wrong check digits) and the accepted one.
      const bad = await answerAsClient(logged, token, 'accept', {
        mandate: { ...MANDATE, iban: 'PT50 0002 0123 1234 5678 9015 5' },
      });
      expect(bad.statusCode).toBe(400);
      const ok = await answerAsClient(logged, token, 'accept', { mandate: MANDATE });
      expect(ok.statusCode, ok.body).toBe(200);
      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThan(0);
      for (const iban of [IBAN, MANDATE.iban, 'PT50000201231234567890155', '0002 0123 1234 5678']) {
        expect(log).not.toContain(iban);
        expect(log.toUpperCase()).not.toContain(iban.toUpperCase());
      }
    } finally {
      await logged.close();
    }
  });
});
