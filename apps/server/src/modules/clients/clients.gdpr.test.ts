import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCodes, auditLogs, clients, emailOutbox, organizations, proposals } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, type TestUser } from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';
import { unzip } from '@/test/unzip.ts';

// docs/product.md#personal-data: the statement before deciding, the export, the pseudonymisation.

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const FILE = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  await t.db
    .update(organizations)
    .set({ settings: { privacyContact: 'privacidade@empresa.pt' } })
    .where(eq(organizations.id, team.org.id));
});
afterAll(async () => {
  await t.close();
});

/** A Portuguese NIF (docs/product.md#tax-ids) made of the tag's digits: a person's '2' and the check digit. */
const validNif = (digits: string) => {
  const body = `2${digits.slice(-7)}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (9 - i), 0);
  return `${body}${sum % 11 < 2 ? 0 : 11 - (sum % 11)}`;
};

const personal = () => {
  const tag = randomUUID().slice(0, 8);
  const digits = String(Number.parseInt(tag, 16)).padStart(9, '0').slice(-9);
  return {
    name: `Maria Rocha ${tag}`,
    company: 'Rocha & Filhos, Lda.',
    email: `maria.${tag}@rocha.pt`,
    phone: `+351 ${digits}`,
    taxId: validNif(digits),
    address: { street: `Rua das Flores ${tag}`, city: 'Porto', postalCode: '4050-262', country: 'Portugal' },
    notes: 'Liga depois das 18h.',
  };
};

/** A client who signed a proposal (with an attached file), as it happens through the API. */
async function signedClient() {
  const data = personal();
  const client = (await as(t.app, team.sales)('POST', '/clients', data)).json().data;
  const proposal = (
    await as(t.app, team.sales)('POST', '/proposals', { title: 'Remodelação', clientId: client.id })
  ).json().data;
  const { payload, contentType } = multipart({}, { name: 'caderno de encargos.pdf', content: FILE });
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/v1/proposals/${proposal.id}/attachments`,
    headers: { ...(await authHeaders(t.app, team.sales)), 'content-type': contentType },
    payload,
  });
  expect(upload.statusCode).toBe(201);
  await t.db
    .update(proposals)
    // Sent as sending does: the recipient frozen, so the code, its evidence and the erasure cover it (issue 34).
    .set({
      status: 'sent',
      sentAt: new Date(),
      validUntil: '2099-12-31',
      recipientName: data.name,
      recipientEmail: data.email,
    })
    .where(eq(proposals.id, proposal.id));
  const signed = await answerAsClient(t, proposal.publicToken, 'sign', {
    signerName: data.name,
    signerEmail: data.email,
    signatureData: PNG_1X1,
  });
  expect(signed.statusCode).toBe(200);
  return {
    data,
    clientId: client.id as string,
    proposalId: proposal.id as string,
    token: proposal.publicToken,
  };
}

const auditOf = (proposalId: string, action: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, proposalId), eq(auditLogs.action, action)));

const exportAs = async (user: TestUser, clientId: string) =>
  t.app.inject({ url: `/api/v1/clients/${clientId}/export`, headers: await authHeaders(t.app, user) });

describe('the statement about personal data before deciding', () => {
  it('is on the public page and stored word for word with the decision', async () => {
    const { token, proposalId } = await signedClient();
    const page = (await t.app.inject({ url: `/api/v1/public/proposals/${token}` })).json().data;
    expect(page.privacyNotice.text).toContain(team.org.name);
    expect(page.privacyNotice.link).toEqual({
      label: 'privacidade@empresa.pt',
      href: 'mailto:privacidade@empresa.pt',
    });
    const [row] = await auditOf(proposalId, 'proposal.public_signed');
    expect(row?.metadata?.privacyNotice).toBe(page.privacyNotice.text);
  });
});

describe('GET /clients/:id/export', () => {
  it('streams one ZIP with the client, proposals, decisions, evidence and files, and audits it', async () => {
    const { data, clientId, proposalId } = await signedClient();
    // The signed proposal's sealed PDF is made (the worker's job, run here at once).
    await t.app.sealer.drain();
    for (const user of [team.admin, team.manager]) {
      const res = await exportAs(user, clientId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="cliente-${clientId}.zip"`);
      const files = await unzip(res.rawPayload);
      const client = JSON.parse(String(files.get('cliente.json')));
      expect(client).toMatchObject({ id: clientId, name: data.name, email: data.email, taxId: data.taxId });
      const [proposal] = JSON.parse(String(files.get('propostas.json')));
      expect(proposal).toMatchObject({
        id: proposalId,
        status: 'accepted',
        decision: { signedByName: data.name, signedByEmail: data.email, signatureData: PNG_1X1 },
      });
      const evidence = JSON.parse(String(files.get('evidencias.json')));
      const signed = evidence.find((e: { action: string }) => e.action === 'proposal.public_signed');
      expect(signed.metadata.contentSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(signed.metadata.privacyNotice).toContain(team.org.name);
      expect(signed.ip).toBeTruthy();
      const attachment = proposal.attachments[0];
      expect(files.get(`anexos/${proposalId}/${attachment.id}-caderno de encargos.pdf`)?.equals(FILE)).toBe(
        true,
      );
      expect(files.has('LEIA-ME.txt')).toBe(true);
      // The sealed signed PDF and the proposal's evidence chain, checked.
      expect(files.get(`documentos-selados/${proposalId}.pdf`)?.subarray(0, 5).toString('latin1')).toBe(
        '%PDF-',
      );
      const [chain] = JSON.parse(String(files.get('cadeias-de-prova.json')));
      expect(chain).toMatchObject({ proposalId, intact: true });
      expect(chain.events.map((e: { type: string }) => e.type)).toContain('signed');
    }
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, clientId), eq(auditLogs.action, 'client.exported')));
    expect(audits.map((a) => a.actorId).sort()).toEqual([team.admin.id, team.manager.id].sort());
  });

  it('is refused to sales and viewers (403), and another organization gets 404', async () => {
    const { clientId } = await signedClient();
    for (const user of [team.sales, team.viewer]) {
      const res = await exportAs(user, clientId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const foreign = await exportAs(other.admin, clientId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(MESSAGES.clientNotFound);
    expect((await exportAs(team.admin, randomUUID())).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, clientId), eq(auditLogs.action, 'client.exported')));
    expect(audits).toEqual([]);
  });
});

describe('DELETE /clients/:id of a client who answered', () => {
  it('pseudonymises the personal data and keeps the evidence', async () => {
    const { data, clientId, proposalId } = await signedClient();
    const [before] = await auditOf(proposalId, 'proposal.public_signed');
    const [proposalBefore] = await t.db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(before?.ip).toBeTruthy();

    const res = await as(t.app, team.manager)('DELETE', `/clients/${clientId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ok: true, pseudonymised: true });

    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({
      name: `Cliente eliminado ${clientId.slice(0, 8)}`,
      email: `eliminado-${clientId}@anonimo.invalid`,
      phone: null,
      taxId: null,
      street: null,
      city: null,
      postalCode: null,
      notes: null,
    });
    const [proposal] = await t.db.select().from(proposals).where(eq(proposals.id, proposalId));
    // The decision stays: status, dates, the signature, the verification's times.
    expect(proposal).toMatchObject({
      status: 'accepted',
      acceptedAt: proposalBefore?.acceptedAt,
      signedAt: proposalBefore?.signedAt,
      signatureData: PNG_1X1,
      signedByName: client?.name,
      signedByEmail: client?.email,
    });
    const [after] = await auditOf(proposalId, 'proposal.public_signed');
    expect(after?.ip).toBeNull();
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(after?.metadata?.contentSha256).toBe(before?.metadata?.contentSha256);
    expect(after?.metadata?.privacyNotice).toBe(before?.metadata?.privacyNotice);
    expect(after?.metadata?.signerName).toBe(client?.name);

    // Nothing stored still names the client: no table holds their name, email, phone, tax id or address.
    for (const needle of [data.email, data.name, data.phone, data.taxId, data.address.street]) {
      const found = await t.db.execute(sql`
        select 'client' from ${clients} where ${clients}::text ilike ${`%${needle}%`}
        union all select 'proposal' from ${proposals} where ${proposals}::text ilike ${`%${needle}%`}
        union all select 'audit' from ${auditLogs} where ${auditLogs}::text ilike ${`%${needle}%`}
        union all select 'code' from ${answerCodes} where ${answerCodes}::text ilike ${`%${needle}%`}
        union all select 'email' from ${emailOutbox} where ${emailOutbox}::text ilike ${`%${needle}%`}`);
      expect({ needle, rows: found.rows }).toEqual({ needle, rows: [] });
    }
    const pseudonymised = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, clientId), eq(auditLogs.action, 'client.pseudonymised')));
    expect(pseudonymised).toHaveLength(1);
    expect(pseudonymised[0]?.actorId).toBe(team.manager.id);
  });

  it('hides the client network and masked address in the chain members see and export; the stored chain stays intact', async () => {
    const { clientId, proposalId } = await signedClient();
    type Event = { seq: number; type: string; hash: string; payload: Record<string, unknown> };
    const chainOf = async () =>
      (await as(t.app, team.manager)('GET', `/proposals/${proposalId}/evidence`)).json().data as {
        intact: boolean;
        clientPseudonymised?: boolean;
        events: Event[];
      };
    const before = await chainOf();
    const traced = (events: Event[]) => events.filter((e) => 'ip' in e.payload || 'maskedEmail' in e.payload);
    expect(traced(before.events).length).toBeGreaterThan(0);
    expect(traced(before.events).some((e) => typeof e.payload.ip === 'string')).toBe(true);
    expect(before.clientPseudonymised).toBeUndefined();

    expect((await as(t.app, team.manager)('DELETE', `/clients/${clientId}`)).statusCode).toBe(200);

    const after = await chainOf();
    expect(after).toMatchObject({ intact: true, clientPseudonymised: true });
    expect(after.events.map((e) => e.hash)).toEqual(before.events.map((e) => e.hash));
    for (const event of traced(after.events)) {
      if ('ip' in event.payload) expect(event.payload.ip, event.type).toBeNull();
      if ('maskedEmail' in event.payload) expect(event.payload.maskedEmail, event.type).toBeNull();
    }
    // The user agent stays, as in the audit rows (docs/product.md#chain-after-pseudonymisation).
    const signed = after.events.find((e) => e.type === 'signed');
    expect('userAgent' in (signed?.payload ?? {})).toBe(true);
    // The stored events are untouched (append-only): the network is still in the row the hash covers.
    const stored = await t.db.execute<{ ip: string | null }>(
      sql`select payload->>'ip' as ip from proposal_events where proposal_id = ${proposalId} and payload ? 'ip'`,
    );
    expect(stored.rows.some((r) => typeof r.ip === 'string')).toBe(true);

    const exported = await unzip((await exportAs(team.admin, clientId)).rawPayload);
    const [chain] = JSON.parse(String(exported.get('cadeias-de-prova.json')));
    expect(chain).toMatchObject({ proposalId, intact: true, clientPseudonymised: true });
    expect(traced(chain.events).every((e) => e.payload.ip == null && e.payload.maskedEmail == null)).toBe(
      true,
    );
  });

  it('deletes a client without proposals as before, and refuses one whose proposals are undecided', async () => {
    const lone = (await as(t.app, team.sales)('POST', '/clients', personal())).json().data;
    const gone = await as(t.app, team.admin)('DELETE', `/clients/${lone.id}`);
    expect(gone.json().data).toEqual({ ok: true, pseudonymised: false });
    expect(await t.db.select().from(clients).where(eq(clients.id, lone.id))).toEqual([]);

    const pending = (await as(t.app, team.sales)('POST', '/clients', personal())).json().data;
    await as(t.app, team.sales)('POST', '/proposals', { title: 'Rascunho', clientId: pending.id });
    const refused = await as(t.app, team.admin)('DELETE', `/clients/${pending.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.clientHasProposals);
    const [kept] = await t.db.select().from(clients).where(eq(clients.id, pending.id));
    expect(kept?.email).toBe(pending.email);
  });
});
