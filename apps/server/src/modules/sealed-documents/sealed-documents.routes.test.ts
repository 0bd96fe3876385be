import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@aceite/shared/messages';
import { parse } from 'content-disposition';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, organizations, proposals, sealedDocuments } from '@/db/schema/index.ts';
import { generateSealKey } from '@/lib/seal-key.ts';
import { localStorage } from '@/lib/storage.ts';
import { PdfWorkers } from '@/modules/pdf-workers/pdf-workers.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';
import { cmsPrint, opensslVerifies } from '@/test/pdf-seal.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';
import { startLoopbackTsa } from '@/test/tsa.ts';
import { defaultProposalPdfData, drainSealJobs, type SealDependencies } from './sealed-documents.service.ts';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

function makeProposal(title = 'Website institucional') {
  return insertSentProposal(
    t.db,
    { organizationId: team.org.id, ownerId: team.sales.id, clientId },
    { title },
  );
}

const sealedOf = async (proposalId: string) =>
  t.db.select().from(sealedDocuments).where(eq(sealedDocuments.proposalId, proposalId));
const verify = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/public/verify', payload: payload as object, headers });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the sealed signed PDF', () => {
  let signed: { token: string; id: string };
  let file: Buffer;

  beforeAll(async () => {
    signed = await makeProposal('Renovação da loja');
    const res = await answerAsClient(t, signed.token, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
    });
    expect(res.statusCode).toBe(200);
  });

  it('is queued once with the decision and produced by the worker', async () => {
    const [job] = await sealedOf(signed.id);
    expect(job).toMatchObject({ status: 'pending', sha256: null, organizationId: team.org.id });
    const pending = await as(t.app, team.sales)('GET', `/proposals/${signed.id}/sealed-pdf`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toBe(MESSAGES.sealedPending);

    expect(await t.app.sealer.drain()).toBe(1);
    expect(await t.app.sealer.drain()).toBe(0);
    const rows = await sealedOf(signed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sealed', eventCount: expect.any(Number) });
    expect(rows[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.verificationCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const res = await as(t.app, team.viewer)('GET', `/proposals/${signed.id}/sealed-pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Named 'ORC 2026-0042 - Título (assinada).pdf', the UTF-8 name as filename* (RFC 5987).
    expect(parse(String(res.headers['content-disposition'])).parameters.filename).toMatch(
      /^ORC \d{4}-\d+ - .+ \(assinada\)\.pdf$/,
    );
    file = res.rawPayload;
    expect(sha256(file)).toBe(rows[0]?.sha256);
    expect(opensslVerifies(file)).toBe(true);

    const pub = await t.app.inject({ url: `/api/v1/public/proposals/${signed.token}/sealed-pdf` });
    expect(pub.statusCode).toBe(200);
    expect(sha256(pub.rawPayload)).toBe(rows[0]?.sha256);

    const text = (await pdfPagesText(new Uint8Array(file))).join('\n');
    expect(text).toContain('Certificado de aceitação');
    expect(text).toContain('Renovação da loja');
    expect(text).toContain('Assinada pelo cliente');
    expect(text).toContain(rows[0]?.verificationCode);
    expect(text).toContain(`http://localhost:3000/verificar?codigo=${rows[0]?.verificationCode}`);
    // No SEAL_TSA_URL here: a B-B seal, and the certificate says whose time it prints.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Hora indicada pelo servidor da Aceite; sem carimbo temporal qualificado.',
    );
    expect(cmsPrint(file)).not.toContain('timeStampToken');
  });

  it('migration 0033 fills the facts of a document sealed before them, as the seal records them', async () => {
    const [sealed] = await sealedOf(signed.id);
    const recorded = sealed?.certificate;
    expect(recorded).toMatchObject({ proposalTitle: 'Renovação da loja', decision: 'signed' });
    await t.db
      .update(sealedDocuments)
      .set({ certificate: null })
      .where(eq(sealedDocuments.proposalId, signed.id));
    // The migration's backfill, exactly as shipped (its second statement, after the column is added).
    const migration = readFileSync(
      new URL('../../db/migrations/0033_sealed-certificate-facts.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint')[1] ?? '';
    expect(backfill).toContain('UPDATE "sealed_documents"');
    await t.db.execute(sql.raw(backfill));
    expect((await sealedOf(signed.id))[0]?.certificate).toEqual(recorded);
  });

  it('is emailed to the client and to the owner', async () => {
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'sealed_document'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['joana@lima.pt', team.sales.email].sort());
    const toClient = mails.find((m) => m.toAddress === 'joana@lima.pt');
    expect(toClient?.text).toContain(`/api/v1/public/proposals/${signed.token}/sealed-pdf`);
  });

  it('is not there before a decision, nor for a rejection, nor for another organization', async () => {
    const open = await makeProposal();
    const before = await as(t.app, team.sales)('GET', `/proposals/${open.id}/sealed-pdf`);
    expect(before.statusCode).toBe(404);
    expect(before.json().error.message).toBe(MESSAGES.sealedNotAvailable);
    expect(
      (await t.app.inject({ url: `/api/v1/public/proposals/${open.token}/sealed-pdf` })).statusCode,
    ).toBe(404);
    await answerAsClient(t, open.token, 'reject', { reason: 'Caro' });
    expect(await sealedOf(open.id)).toHaveLength(0);
    const foreign = await as(t.app, other.admin)('GET', `/proposals/${signed.id}/sealed-pdf`);
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/proposals/${signed.id}/sealed-pdf` })).statusCode).toBe(401);
  });

  it('/verificar finds it by code (as typed) and by the file hash, with what it records', async () => {
    const [row] = await sealedOf(signed.id);
    const code = row?.verificationCode ?? '';
    const byCode = await verify({ code: code.toLowerCase().replaceAll('-', ' ') });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data).toMatchObject({
      verificationCode: code,
      proposalTitle: 'Renovação da loja',
      organizationName: team.org.name,
      signerName: 'Joana Lima',
      decision: 'signed',
      total: expect.any(Number),
      currency: 'EUR',
      sha256: row?.sha256,
      fileMatches: null,
      chainIntact: true,
    });
    const byHash = await verify({ sha256: sha256(file).toUpperCase() });
    expect(byHash.statusCode).toBe(200);
    expect(byHash.json().data).toMatchObject({ verificationCode: code, fileMatches: true });
    const both = await verify({ code, sha256: sha256(file) });
    expect(both.json().data).toMatchObject({ verificationCode: code, fileMatches: true });
  });

  it('/verificar says a file sent with a known code was altered after sealing, with what to compare', async () => {
    const [row] = await sealedOf(signed.id);
    const tampered = Buffer.from(file);
    tampered[200] = (tampered[200] ?? 0) ^ 1;
    const res = await verify({ code: row?.verificationCode, sha256: sha256(tampered) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      fileMatches: false,
      sha256: row?.sha256,
      signerName: 'Joana Lima',
      total: expect.any(Number),
      decidedAt: expect.any(String),
      sealedAt: row?.sealedAt?.toISOString(),
    });
    // An unknown code with any file still reveals nothing.
    const unknown = await verify({ code: 'ZZZZ-ZZZZ-ZZZZ', sha256: sha256(file) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.verificationNoMatch);
  });

  it('/verificar reveals nothing for a non-match and refuses malformed input', async () => {
    const tampered = Buffer.from(file);
    tampered[200] = (tampered[200] ?? 0) ^ 1;
    for (const payload of [{ sha256: sha256(tampered) }, { code: 'ZZZZ-ZZZZ-ZZZZ' }]) {
      const res = await verify(payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.verificationNoMatch });
      expect(res.json().data).toBeUndefined();
    }
    const badHash = await verify({ sha256: 'xyz' });
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().error.details[0]).toMatchObject({ field: 'sha256' });
    expect((await verify({ code: 'abc' })).statusCode).toBe(400);
    expect((await verify({})).statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/verify',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sha256: 'a'.repeat(50 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reports the chain broken when an event printed on the certificate is gone', async () => {
    const [row] = await sealedOf(signed.id);
    // A tamperer with database access removes the 'signed' event (the append-only trigger off).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table proposal_events disable trigger proposal_events_append_only`);
      await tx.execute(sql`delete from proposal_events where proposal_id = ${signed.id} and type = 'signed'`);
      await tx.execute(sql`alter table proposal_events enable trigger proposal_events_append_only`);
    });
    const res = await verify({ code: row?.verificationCode });
    expect(res.json().data.chainIntact).toBe(false);
  });
});

describe('/verificar after the records change', () => {
  it('answers what was sealed: renaming the client or the organization changes nothing', async () => {
    const renamed = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'Rui Costa', email: 'rui@costa.pt' })
    ).json().data;
    const p = await insertSentProposal(
      t.db,
      { organizationId: team.org.id, ownerId: team.sales.id, clientId: renamed.id },
      { title: 'Manutenção anual' },
    );
    expect((await answerAsClient(t, p.token, 'accept', {})).statusCode).toBe(200);
    await t.app.sealer.drain();
    const [row] = await sealedOf(p.id);
    const before = (await verify({ code: row?.verificationCode })).json().data;
    expect(before).toMatchObject({
      signerName: 'Rui Costa',
      organizationName: team.org.name,
      decision: 'accepted',
    });

    const put = await as(t.app, team.admin)('PUT', `/clients/${renamed.id}`, {
      name: 'Outro Nome',
      email: 'rui@costa.pt',
    });
    expect(put.statusCode).toBe(200);
    const orgName = team.org.name;
    await t.db
      .update(organizations)
      .set({ name: 'Empresa Renomeada' })
      .where(eq(organizations.id, team.org.id));
    try {
      const after = await verify({ code: row?.verificationCode });
      expect(after.json().data).toEqual(before);
    } finally {
      await t.db.update(organizations).set({ name: orgName }).where(eq(organizations.id, team.org.id));
    }
    // Erasure is not a rename: pseudonymising the client reaches the frozen signer too (docs/product.md#verification).
    expect((await as(t.app, team.admin)('DELETE', `/clients/${renamed.id}`)).json().data.pseudonymised).toBe(
      true,
    );
    const erased = (await verify({ code: row?.verificationCode })).json().data;
    expect(erased.signerName).toMatch(/^Cliente eliminado/);
    expect(erased).toMatchObject({ proposalTitle: before.proposalTitle, total: before.total });
  });
});

describe('producing the file', () => {
  async function accepted() {
    const p = await makeProposal();
    expect((await answerAsClient(t, p.token, 'accept', {})).statusCode).toBe(200);
    return p;
  }
  // The seal job's own path: rendered and sealed in a worker thread (modules/pdf-workers).
  const workers = new PdfWorkers({ threads: 1 });
  afterAll(() => workers.close());
  const deps = (extra: Partial<SealDependencies> = {}): SealDependencies => ({
    db: t.db,
    storage: localStorage(path.join(t.dataDir, 'uploads')),
    sealKey: generateSealKey(),
    appUrl: 'http://localhost:3000',
    pdfWorkers: workers,
    ...extra,
  });

  it('renders and seals in a worker thread while the event loop answers requests (issue 41)', async () => {
    const p = await accepted();
    const finished: string[] = [];
    const sealing = drainSealJobs(deps()).then((n) => {
      finished.push('seal');
      return n;
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    finished.push('request');
    expect(health.statusCode).toBe(200);
    expect(await sealing).toBe(1);
    expect(finished).toEqual(['request', 'seal']);
    // The decisive check: the work ran on a thread other than the main one (id 0).
    expect(workers.threadIds.size).toBeGreaterThan(0);
    expect(workers.threadIds.has(0)).toBe(false);
    expect((await sealedOf(p.id))[0]).toMatchObject({ status: 'sealed' });
  });

  it('retries a job whose worker thread died, and seals it on the next pass (issue 41)', async () => {
    const p = await accepted();
    const crashing = new PdfWorkers({
      threads: 1,
      filename: new URL('../../test/crashing-pdf-worker.ts', import.meta.url),
    });
    try {
      expect(await drainSealJobs(deps({ pdfWorkers: crashing }))).toBe(0);
    } finally {
      await crashing.close();
    }
    const [job] = await sealedOf(p.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, sha256: null, storageKey: null });
    expect(job?.lastError).toBe('worker exited with code: 1');
    await t.db
      .update(sealedDocuments)
      .set({ nextAttemptAt: new Date() })
      .where(eq(sealedDocuments.id, job?.id ?? ''));
    expect(await drainSealJobs(deps())).toBe(1);
    expect((await sealedOf(p.id))[0]).toMatchObject({ status: 'sealed', attempts: 2, lastError: null });
  });

  it('makes one file when two workers drain at once', async () => {
    const p = await accepted();
    const done = await Promise.all([t.app.sealer.drain(), t.app.sealer.drain()]);
    expect(done[0] + done[1]).toBe(1);
    const rows = await sealedOf(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('sealed');
  });

  it('renders the content the decision is bound to, not the row as it is now (issue 33)', async () => {
    const p = await accepted();
    // A change that bypasses every rule of the app (a script, a bad migration): the seal must not print it.
    await t.db
      .update(proposals)
      .set({ title: 'Título mudado depois da decisão' })
      .where(eq(proposals.id, p.id));
    let pages: unknown;
    const spy = deps({
      proposalPdfData: async (db, id, bound) => {
        pages = bound;
        return defaultProposalPdfData(db, id, bound);
      },
    });
    expect(await drainSealJobs(spy)).toBe(1);
    expect(pages).toMatchObject({ title: 'Website institucional' });
    const [job] = await sealedOf(p.id);
    expect(job?.certificate).toMatchObject({ proposalTitle: 'Website institucional' });
    const file = await localStorage(path.join(t.dataDir, 'uploads')).get(job?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of file ?? []) chunks.push(Buffer.from(chunk));
    const text = (await pdfPagesText(new Uint8Array(Buffer.concat(chunks)))).join('\n');
    expect(text).toContain('Website institucional');
    expect(text).not.toContain('Título mudado');
  });

  it("refuses to seal content whose SHA-256 is not the decision's, and seals nothing", async () => {
    const p = await accepted();
    // The kept snapshot no longer hashes to what the client's page sent.
    await t.db.execute(
      sql`update audit_logs set metadata = jsonb_set(metadata, '{shownContent,title}', '"Outro título"')
          where entity_id = ${p.id} and action = 'proposal.public_accepted'`,
    );
    expect(await drainSealJobs(deps())).toBe(0);
    const [job] = await sealedOf(p.id);
    expect(job).toMatchObject({ status: 'pending', sha256: null, storageKey: null });
    expect(job?.lastError).toMatch(
      /^content hash [0-9a-f]{64} is not the decision's [0-9a-f]{64}: not sealed$/,
    );
    await t.db
      .update(sealedDocuments)
      .set({ status: 'failed' })
      .where(eq(sealedDocuments.id, job?.id ?? ''));
  });

  it('retries a failed production later, and keeps nothing half-made', async () => {
    const p = await accepted();
    const failing = deps({
      proposalPdfData: async () => {
        throw new Error('renderer down');
      },
    });
    expect(await drainSealJobs(failing)).toBe(0);
    const [job] = await sealedOf(p.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'renderer down', sha256: null });
    expect(job?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Due again: the next pass produces it.
    await t.db
      .update(sealedDocuments)
      .set({ nextAttemptAt: new Date() })
      .where(eq(sealedDocuments.id, job?.id ?? ''));
    expect(await drainSealJobs(deps())).toBe(1);
    expect((await sealedOf(p.id))[0]).toMatchObject({ status: 'sealed', attempts: 2, lastError: null });
  });

  it('with a TSA (SEAL_TSA_URL): retries while it fails, then seals with its timestamp (B-T)', async () => {
    const tsa = await startLoopbackTsa();
    try {
      const p = await accepted();
      const withTsa = deps({ tsa: { url: tsa.url } });
      tsa.state.mode = 'http-500';
      expect(await drainSealJobs(withTsa)).toBe(0);
      const [job] = await sealedOf(p.id);
      // Never sealed without the stamp the certificate promises: pending, the reason naming the TSA's host only.
      expect(job).toMatchObject({ status: 'pending', attempts: 1, sha256: null });
      expect(job?.lastError).toBe(`timestamp authority ${new URL(tsa.url).host} answered HTTP 500`);
      tsa.state.mode = 'ok';
      await t.db
        .update(sealedDocuments)
        .set({ nextAttemptAt: new Date() })
        .where(eq(sealedDocuments.id, job?.id ?? ''));
      expect(await drainSealJobs(withTsa)).toBe(1);
      const [row] = await sealedOf(p.id);
      expect(row).toMatchObject({ status: 'sealed', lastError: null });
      const stream = await withTsa.storage.get(row?.storageKey ?? '');
      const chunks: Buffer[] = [];
      for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk));
      const file = Buffer.concat(chunks);
      expect(opensslVerifies(file)).toBe(true);
      expect(cmsPrint(file)).toMatch(/unsignedAttrs:\s*object: id-smime-aa-timeStampToken/);
      const text = (await pdfPagesText(new Uint8Array(file))).join('\n');
      expect(text.replace(/\s+/g, ' ')).toContain(
        `autoridade de carimbo temporal ${new URL(tsa.url).host} (RFC 3161)`,
      );
    } finally {
      await tsa.close();
    }
  });
});

describe('/verificar rate limit', () => {
  it('answers 429 in the error envelope past the per-IP limit', async () => {
    const limited = await buildTestApp({ publicRateLimitMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/v1/public/verify',
              payload: { code: 'ZZZZ-ZZZZ-ZZZZ' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
