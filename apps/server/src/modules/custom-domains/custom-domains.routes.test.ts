import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  authHeaders,
  createOrg,
  createUser,
  insertSentProposal,
  type TestUser,
} from '@/test/factories.ts';
import { pdfPagesText, popplerReport } from '@/test/pdf-text.ts';

/*
 * White-label: the custom domain of the client-facing pages (issue 40, docs/product.md#white-label). DNS is never
 * asked: the TXT records are this map. The Host header is set on each request as a browser on that domain would.
 */

const txt = new Map<string, string[][]>();
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const HOST = 'propostas.empresa.pt';

let t: TestApp;
let org: Awaited<ReturnType<typeof createOrg>>;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    ssoResolveTxt: async (name) => {
      const records = txt.get(name);
      if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records;
    },
  });
  org = await createOrg(t.db, { plan: 'enterprise' });
  admin = await createUser(t.db, { organizationId: org.id, role: 'admin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function onHost(host: string, url: string, method: 'GET' | 'POST' = 'GET') {
  return t.app.inject({ method, url, headers: { host } });
}

/** Sets and verifies a domain for an admin's organization (the TXT record published first). */
async function verifiedDomain(user: TestUser, domain: string) {
  const set = await as(t.app, user)('PUT', '/settings/custom-domain', { domain });
  expect(set.statusCode, set.body).toBe(200);
  const { recordName, recordValue } = set.json().data.domain;
  txt.set(recordName, [[recordValue]]);
  const verified = await as(t.app, user)('POST', '/settings/custom-domain/verify');
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data;
}

describe('the custom domain (Configurações)', () => {
  it('only Enterprise sets one: Starter and Professional get PLAN_LIMIT', async () => {
    for (const plan of ['starter', 'professional']) {
      const other = await createOrg(t.db, { plan });
      const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
      const res = await as(t.app, otherAdmin)('PUT', '/settings/custom-domain', { domain: `p.${plan}.pt` });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('PLAN_LIMIT');
      expect(res.json().error.message).toContain('Enterprise');
      const read = await as(t.app, otherAdmin)('GET', '/settings/custom-domain');
      expect(read.json().data).toEqual({ domain: null, available: false });
    }
  });

  it('a member who is not an admin is refused (403)', async () => {
    const sales = await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const res = await as(t.app, sales)('PUT', '/settings/custom-domain', { domain: HOST });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await as(t.app, sales)('GET', '/settings/custom-domain')).statusCode).toBe(403);
  });

  it('refuses a bad name and the app’s own host with a Portuguese message', async () => {
    for (const domain of ['não é domínio', '10.0.0.1', 'localhost', 'localhost:3000']) {
      const res = await as(t.app, admin)('PUT', '/settings/custom-domain', { domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field: 'domain' });
    }
  });

  it('is verified by the TXT record, lowercased, and shows the records to create', async () => {
    const set = await as(t.app, admin)('PUT', '/settings/custom-domain', {
      domain: ' Propostas.Empresa.PT ',
    });
    expect(set.statusCode, set.body).toBe(200);
    const shown = set.json().data.domain;
    expect(shown).toMatchObject({
      domain: HOST,
      recordName: `_aceite-verification.${HOST}`,
      cnameTarget: 'localhost',
      verifiedAt: null,
    });
    expect(shown.recordValue).toMatch(/^aceite-verification=/);
    // Not verified yet: the host serves nothing and the TLS ask refuses it.
    expect((await t.app.inject({ url: `/api/v1/tls/ask?domain=${HOST}` })).statusCode).toBe(404);
    const missing = await as(t.app, admin)('POST', '/settings/custom-domain/verify');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toContain('TXT');
    const data = await verifiedDomain(admin, HOST);
    expect(data.domain.verifiedAt).not.toBeNull();
    const ask = await t.app.inject({ url: `/api/v1/tls/ask?domain=${HOST}` });
    expect(ask.statusCode, ask.body).toBe(200);
  });

  it('a domain another organization verified answers 409', async () => {
    const other = await createOrg(t.db, { plan: 'enterprise' });
    const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
    const res = await as(t.app, otherAdmin)('PUT', '/settings/custom-domain', { domain: HOST });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('outra organização');
  });
});

describe('the Host header mapped to the organization', () => {
  it('the custom host serves its organization’s links and refuses another organization’s', async () => {
    const own = await insertSentProposal(t.db, { organizationId: org.id, ownerId: admin.id });
    const other = await createOrg(t.db, { plan: 'enterprise' });
    const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
    const foreign = await insertSentProposal(t.db, { organizationId: other.id, ownerId: otherAdmin.id });

    const ownRead = await onHost(HOST, `/api/v1/public/proposals/${own.token}`);
    expect(ownRead.statusCode, ownRead.body).toBe(200);
    const ownPdf = await onHost(HOST, `/api/v1/public/proposals/${own.token}/pdf`);
    expect(ownPdf.statusCode).toBe(200);
    for (const url of [
      `/api/v1/public/proposals/${foreign.token}`,
      `/api/v1/public/proposals/${foreign.token}/pdf`,
      `/api/v1/public/proposals/${foreign.token}/sealed-pdf`,
      `/p/${foreign.token}`,
    ]) {
      const res = await onHost(HOST, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Website institucional');
    }
    // The same link still opens on the app's own host.
    expect((await onHost('localhost:3000', `/api/v1/public/proposals/${foreign.token}`)).statusCode).toBe(
      200,
    );
  });

  it('the private app is not served on the custom host', async () => {
    const headers = { host: HOST, ...(await authHeaders(t.app, admin)) };
    for (const url of ['/api/v1/auth/me', '/api/v1/proposals', '/api/v1/settings/custom-domain']) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(404);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { host: HOST },
      payload: { email: admin.email, password: 'x' },
    });
    expect(login.statusCode).toBe(404);
  });

  it('an unknown host is refused the client’s pages; the app’s own hosts serve them', async () => {
    const own = await insertSentProposal(t.db, { organizationId: org.id, ownerId: admin.id });
    for (const host of ['desconhecido.pt', 'propostas.outra.pt']) {
      expect((await onHost(host, `/api/v1/public/proposals/${own.token}`)).statusCode, host).toBe(404);
      expect((await onHost(host, '/api/v1/public/verify')).statusCode, host).toBe(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost']) {
      expect((await onHost(host, `/api/v1/public/proposals/${own.token}`)).statusCode, host).toBe(200);
    }
  });

  it('the TLS ask refuses unknown and unverified names', async () => {
    for (const domain of ['desconhecido.pt', 'localhost', '']) {
      const res = await t.app.inject({ url: `/api/v1/tls/ask?domain=${encodeURIComponent(domain)}` });
      expect(res.statusCode, domain).toBe(404);
    }
  });

  it('removing the domain stops the host at once', async () => {
    const own = await insertSentProposal(t.db, { organizationId: org.id, ownerId: admin.id });
    const other = await createOrg(t.db, { plan: 'enterprise' });
    const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
    await verifiedDomain(otherAdmin, 'propostas.outra-empresa.pt');
    expect((await as(t.app, otherAdmin)('DELETE', '/settings/custom-domain')).statusCode).toBe(200);
    expect(
      (await onHost('propostas.outra-empresa.pt', `/api/v1/public/proposals/${own.token}`)).statusCode,
    ).toBe(404);
    expect((await as(t.app, otherAdmin)('DELETE', '/settings/custom-domain')).statusCode).toBe(404);
  });
});

describe('no Aceite mark for the white-label organization’s client', () => {
  it('the proposal email links to the custom domain and carries no Aceite text; nor does the PDF', async () => {
    const me = as(t.app, admin);
    const client = (await me('POST', '/clients', { name: 'Rita Sousa', email: 'rita@cliente.pt' })).json()
      .data;
    const proposal = (
      await me('POST', '/proposals', {
        title: 'Renovação do escritório',
        clientId: client.id,
        content: { blocks: [], items: [{ name: 'Obra', description: '', quantity: 1, unitPrice: 100000 }] },
      })
    ).json().data;
    const sent = await me('POST', `/proposals/${proposal.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const rows = await t.db.execute<{ subject: string; html: string; text: string; links: string[] }>(
      sql`select subject, html, text, links from email_outbox where to_address = 'rita@cliente.pt'`,
    );
    const email = rows.rows[0];
    expect(email).toBeDefined();
    const token = (await me('GET', `/proposals/${proposal.id}`)).json().data.publicToken as string;
    expect(email?.links).toEqual([`https://${HOST}/p/${token}`]);
    for (const part of [email?.subject, email?.html, email?.text]) expect(part).not.toContain('Aceite');
    // The answer code the client asks for on the page, on the custom domain.
    const code = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/code`,
      headers: { host: HOST },
    });
    expect(code.statusCode, code.body).toBe(200);
    const codes = await t.db.execute<{ subject: string; html: string; text: string }>(
      sql`select subject, html, text from email_outbox where kind = 'answer_code' and to_address = 'rita@cliente.pt'`,
    );
    expect(codes.rows).toHaveLength(1);
    for (const part of Object.values(codes.rows[0] ?? {})) expect(part).not.toContain('Aceite');
    const pdf = await onHost(HOST, `/api/v1/public/proposals/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPagesText(pdf.rawPayload)).join('\n');
    expect(text).toContain('Renovação do escritório');
    expect(text).not.toContain('Aceite');
  });

  it('the sealed-PDF email, the sealed PDF and both PDFs’ metadata carry no Aceite mark (pdfinfo, pdftotext)', async () => {
    const me = as(t.app, admin);
    const client = (await me('POST', '/clients', { name: 'Rui Selo', email: 'rui@cliente.pt' })).json().data;
    const proposal = (
      await me('POST', '/proposals', {
        title: 'Pintura da fachada',
        clientId: client.id,
        content: { blocks: [], items: [{ name: 'Pintura', description: '', quantity: 1, unitPrice: 50000 }] },
      })
    ).json().data;
    expect((await me('POST', `/proposals/${proposal.id}/send`, {})).statusCode).toBe(200);
    const token = (await me('GET', `/proposals/${proposal.id}`)).json().data.publicToken as string;

    // The proposal PDF, sent and not yet decided: no mark in its text nor in its metadata.
    const pdf = await onHost(HOST, `/api/v1/public/proposals/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const proposalPdf = popplerReport(pdf.rawPayload);
    expect(proposalPdf.text).toContain('Pintura da fachada');
    expect(proposalPdf.info).toMatch(new RegExp(`Creator:\\s+${org.name}`));
    expect(proposalPdf.info).toMatch(new RegExp(`Producer:\\s+${org.name}`));
    for (const part of [proposalPdf.text, proposalPdf.info]) expect(part).not.toContain('Aceite');

    const signed = await answerAsClient(
      t,
      token,
      'sign',
      { signerName: 'Rui Selo', signerEmail: 'rui@cliente.pt', signatureData: PNG_1X1 },
      { host: HOST },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await t.app.sealer.drain()).toBe(1);

    const emails = await t.db.execute<{ to_address: string; subject: string; html: string; text: string }>(
      sql`select to_address, subject, html, text from email_outbox where kind = 'sealed_document'
          and (to_address = 'rui@cliente.pt' or to_address = ${admin.email})`,
    );
    const toClient = emails.rows.find((row) => row.to_address === 'rui@cliente.pt');
    expect(toClient?.html).toContain(org.name);
    expect(toClient?.text).toContain(`https://${HOST}/verificar?codigo=`);
    for (const part of [toClient?.subject, toClient?.html, toClient?.text])
      expect(part).not.toContain('Aceite');
    // The owner's copy is the app's own email, as before.
    expect(emails.rows.find((row) => row.to_address === admin.email)?.html).toContain('Aceite');

    const sealed = await onHost(HOST, `/api/v1/public/proposals/${token}/sealed-pdf`);
    expect(sealed.statusCode, sealed.body).toBe(200);
    const sealedPdf = popplerReport(sealed.rawPayload);
    expect(sealedPdf.text).toContain('Certificado de aceitação');
    expect(sealedPdf.text).toContain(`https://${HOST}/verificar?codigo=`);
    expect(sealedPdf.info).toMatch(new RegExp(`Creator:\\s+${org.name}`));
    for (const part of [sealedPdf.text, sealedPdf.info]) expect(part).not.toContain('Aceite');
    // The seal's name and reason (the signature dictionary a PDF reader's signature panel shows): no mark in the
    // file's bytes at all (the embedded sealing certificate is DER inside the hex /Contents).
    const raw = sealed.rawPayload.toString('latin1');
    expect(raw).toContain(`/Name (${org.name})`);
    expect(raw).toContain('/Reason (Documento selado: proposta aceite');
    expect(raw).not.toContain('Aceite');
  });

  it('the other emails to the client (answer, update, new recipient, cancellation) carry no Aceite mark', async () => {
    const me = as(t.app, admin);
    const client = (await me('POST', '/clients', { name: 'Sofia Lopes', email: 'sofia@cliente.pt' })).json()
      .data;
    const proposal = (
      await me('POST', '/proposals', {
        title: 'Jardim interior',
        clientId: client.id,
        content: { blocks: [], items: [{ name: 'Plantas', description: '', quantity: 1, unitPrice: 30000 }] },
      })
    ).json().data;
    expect((await me('POST', `/proposals/${proposal.id}/send`, {})).statusCode).toBe(200);
    const token = (await me('GET', `/proposals/${proposal.id}`)).json().data.publicToken as string;
    await onHost(HOST, `/api/v1/public/proposals/${token}`);
    const answered = await me('POST', `/proposals/${proposal.id}/messages`, {
      message: 'Sim, incluímos a rega.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const updated = await me('PUT', `/proposals/${proposal.id}?notifyClient=true`, {
      title: 'Jardim interior e rega',
      clientId: client.id,
      status: 'viewed',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const moved = await me('POST', `/proposals/${proposal.id}/recipient`, {
      name: 'Sofia Lopes',
      email: 'sofia.lopes@cliente.pt',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await me('POST', `/proposals/${proposal.id}/cancel`, {
      reason: 'O cliente adiou a obra',
      notifyClient: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const rows = await t.db.execute<{
      kind: string;
      subject: string;
      html: string;
      text: string;
      links: string[];
    }>(
      sql`select kind, subject, html, text, links from email_outbox
          where to_address in ('sofia@cliente.pt', 'sofia.lopes@cliente.pt') and kind <> 'proposal'
             or (to_address = 'sofia.lopes@cliente.pt')`,
    );
    const kinds = rows.rows.map((row) => row.kind).sort();
    expect(kinds).toEqual([
      'client_message_answer',
      'proposal',
      'proposal_cancelled',
      'proposal_update',
      'recipient_changed',
    ]);
    for (const row of rows.rows) {
      for (const part of [row.subject, row.html, row.text]) expect(part, row.kind).not.toContain('Aceite');
      for (const link of row.links) expect(link, row.kind).toMatch(new RegExp(`^https://${HOST}/p/${token}`));
    }
  });
});
