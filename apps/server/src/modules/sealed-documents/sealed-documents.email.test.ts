import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, proposals, sealedDocuments } from '@/db/schema/index.ts';
import { createMailTransport } from '@/lib/mail-transport.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { opensslVerifies } from '@/test/pdf-seal.ts';
import { attachmentOf, startSmtp } from '@/test/smtp.ts';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const silentLog = { info() {}, warn() {}, error() {} } as unknown as Parameters<
  typeof createMailTransport
>[0]['log'];

describe('the sealed PDF by email (docs/product.md#sealed-certificate)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({
      mailTransport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog }),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reaches the client and the owner over SMTP as an attachment whose SHA-256 is the stored one, with the link', async () => {
    const team = await createTeamOfRoles(t.db);
    const clientEmail = `selo-${Date.now()}@cliente.pt`;
    const client = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'Rui Açores', email: clientEmail })
    ).json().data;
    const token = newOpaqueToken();
    const [row] = await t.db
      .insert(proposals)
      .values({
        organizationId: team.org.id,
        ownerId: team.sales.id,
        clientId: client.id,
        title: 'Manutenção anual',
        status: 'sent',
        totalValue: 123000,
        subtotal: 100000,
        taxAmount: 23000,
        validUntil: '2099-12-31',
        content: {
          blocks: [],
          items: [{ name: 'Suporte', description: '', quantity: 1, unitPrice: 100000 }],
        },
        publicToken: token,
      })
      .returning();
    const res = await answerAsClient(t, token, 'sign', {
      signerName: 'Rui Açores',
      signerEmail: clientEmail,
      signatureData: PNG_1X1,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.sealer.drain()).toBe(1);
    await t.app.outbox.drain();
    const [sealed] = await t.db
      .select()
      .from(sealedDocuments)
      .where(eq(sealedDocuments.proposalId, row?.id as string));
    expect(sealed?.sha256).toMatch(/^[0-9a-f]{64}$/);

    for (const to of [clientEmail, team.sales.email]) {
      const mail = smtp.received.find((m) => m.to.includes(to) && m.raw.includes('selado'));
      expect(mail, `the sealed email to ${to}`).toBeDefined();
      const raw = mail?.raw ?? '';
      // The client's replies reach the proposal's owner; the owner's own copy needs no Reply-To.
      if (to === clientEmail) expect(raw).toMatch(new RegExp(`^Reply-To: ${team.sales.email}\\r?$`, 'm'));
      else expect(raw).not.toMatch(/^Reply-To:/m);
      const pdf = attachmentOf(raw);
      expect(pdf).not.toBeNull();
      expect(
        createHash('sha256')
          .update(pdf as Buffer)
          .digest('hex'),
      ).toBe(sealed?.sha256);
      expect(opensslVerifies(pdf as Buffer)).toBe(true);
    }
    // Named with the proposal's number (docs/product.md#proposal-pdf), as stored for every retry.
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'sealed_document'));
    expect(queued).toHaveLength(2);
    for (const mail of queued) {
      expect(mail.attachments.map((a) => a.fileName)).toEqual([
        `${row?.number.replace('/', '-')} - Manutenção anual (assinada).pdf`,
      ]);
      expect(mail.replyTo).toBe(mail.toAddress === clientEmail ? team.sales.email : null);
      // To the client, from the organization (issue 40: "Organização via Aceite" without its own sender); the
      // owner's copy keeps MAIL_FROM's name and is never sent from the organization's sender.
      expect(mail.fromOrganization).toBe(mail.toAddress === clientEmail);
      if (mail.toAddress === clientEmail) expect(mail.fromName).toMatch(/^\S.* via Aceite$/);
      else expect(mail.fromName).toBeNull();
      // The figure agreed to, as every screen shows it (docs/product.md#signed-figures); unchanged offer.
      expect(mail.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('Valor acordado: 1 230,00 €\n');
      expect(mail.text).not.toContain('proposta original');
    }
    // The client's text still carries the download link of the public page.
    const toClient = smtp.received.find((m) => m.to.includes(clientEmail) && m.raw.includes('selado'));
    expect(toClient?.raw.replace(/=\r?\n/g, '')).toContain(`/api/v1/public/proposals/${token}/sealed-pdf`);
  });
});
