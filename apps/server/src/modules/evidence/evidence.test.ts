import { contentSha256 } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalEvents, proposals } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { appendEvent, listEvidence, verifyChain } from './evidence.service.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

async function sentProposal(title = 'Website') {
  const created = (
    await as(t.app, team.sales)('POST', '/proposals', {
      title,
      clientId,
      validUntil: '2099-06-30',
      content: { blocks: [], items: [{ name: 'Site', quantity: 2, unitPrice: 125000 }] },
    })
  ).json().data;
  expect((await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(proposals).where(eq(proposals.id, created.id));
  if (!row) throw new Error('no proposal');
  return row;
}

const view = (token: string, refresh = false) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/public/proposals/${token}${refresh ? '?refresh=1' : ''}`,
    headers: { 'user-agent': 'Teste/1.0' },
    remoteAddress: '203.0.113.77',
  });

/** Runs SQL as the superuser would, with the append-only trigger off: a tamperer with database access. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table proposal_events disable trigger proposal_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table proposal_events enable trigger proposal_events_append_only`);
  });
}

describe('evidence chain', () => {
  it('records sent, viewed, code and signed events, each hashing the previous one', async () => {
    const p = await sentProposal();
    const page = (await view(p.publicToken)).json().data;
    const sha = await contentSha256(page);
    const res = await answerAsClient(t, p.publicToken, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'joana@lima.pt',
      signatureData: `data:image/png;base64,${PNG}`,
      version: page.version,
      contentSha256: sha,
    });
    expect(res.statusCode).toBe(200);
    const events = await listEvidence(t.db, p);
    expect(events.map((e) => e.type)).toEqual(['sent', 'viewed', 'code_sent', 'code_used', 'signed']);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(events[0]?.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < events.length; i++) expect(events[i]?.prevHash).toBe(events[i - 1]?.hash);
    expect(events[0]?.payload.outboxId).toEqual(expect.any(String));
    expect(events[1]?.payload).toMatchObject({ ip: '203.0.113.0/24', userAgent: 'Teste/1.0' });
    expect(events[4]?.payload).toMatchObject({ contentSha256: sha, version: page.version });
    expect(JSON.stringify(events)).not.toContain('joana@lima.pt');
    expect(await verifyChain(t.db, p)).toMatchObject({ intact: true, brokenAt: null });

    const members = await as(t.app, team.viewer)('GET', `/proposals/${p.id}/evidence`);
    expect(members.statusCode).toBe(200);
    expect(members.json().data).toMatchObject({ intact: true, brokenAt: null });
    expect(members.json().data.events).toHaveLength(5);
  });

  it('numbers parallel appends one after the other', async () => {
    const p = await sentProposal('Paralelo');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.db.transaction((tx) =>
          appendEvent(tx, {
            organizationId: p.organizationId,
            proposalId: p.id,
            type: 'viewed',
            payload: { i },
          }),
        ),
      ),
    );
    const result = await verifyChain(t.db, p);
    expect(result.intact).toBe(true);
    expect(result.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const p = await sentProposal('Imutável');
    await expect(
      t.db.execute(sql`update proposal_events set payload = '{}'::jsonb where proposal_id = ${p.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from proposal_events where proposal_id = ${p.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`truncate proposal_events`)).rejects.toThrow();
    expect(await listEvidence(t.db, p)).toHaveLength(1);
  });

  it('finds an edited event', async () => {
    const p = await sentProposal('Editada');
    await view(p.publicToken);
    await view(p.publicToken);
    await tamper(
      sql`update proposal_events set payload = jsonb_set(payload, '{ip}', '"198.51.100.0/24"') where proposal_id = ${p.id} and seq = 2`,
    );
    expect(await verifyChain(t.db, p)).toMatchObject({ intact: false, brokenAt: 2 });
  });

  it('finds a removed event in the middle and a removed last event', async () => {
    const p = await sentProposal('Apagada');
    await view(p.publicToken);
    await view(p.publicToken);
    await tamper(sql`delete from proposal_events where proposal_id = ${p.id} and seq = 2`);
    expect(await verifyChain(t.db, p)).toMatchObject({ intact: false, brokenAt: 2 });

    const q = await sentProposal('Cauda');
    await view(q.publicToken);
    await tamper(sql`delete from proposal_events where proposal_id = ${q.id} and seq = 2`);
    expect(await verifyChain(t.db, q)).toMatchObject({ intact: false, brokenAt: 2 });
  });

  it('finds an event whose hash was recomputed but whose link no longer matches', async () => {
    const p = await sentProposal('Religada');
    await view(p.publicToken);
    await tamper(
      sql`update proposal_events set prev_hash = ${'1'.repeat(64)} where proposal_id = ${p.id} and seq = 2`,
    );
    expect((await verifyChain(t.db, p)).intact).toBe(false);
  });

  it('lets a deleted unanswered proposal take its events with it', async () => {
    const p = await sentProposal('Apagar');
    await view(p.publicToken);
    expect((await as(t.app, team.sales)('DELETE', `/proposals/${p.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(proposalEvents).where(eq(proposalEvents.proposalId, p.id))).toHaveLength(
      0,
    );
  });

  it('answers 404 for another organization and keeps its chain unread', async () => {
    const p = await sentProposal('Alheia');
    const other = await createTeamOfRoles(t.db);
    const res = await as(t.app, other.admin)('GET', `/proposals/${p.id}/evidence`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('decisions bound to what the client saw', () => {
  it('refuses with 409 a decision on content changed since the page rendered it, and keeps the proposal open', async () => {
    const p = await sentProposal('Mudou');
    const page = (await view(p.publicToken)).json().data;
    const sha = await contentSha256(page);
    const edit = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, {
      title: 'Mudou',
      clientId,
      status: page.status,
      validUntil: '2099-06-30',
      content: { blocks: [], items: [{ name: 'Site', quantity: 3, unitPrice: 125000 }] },
    });
    expect(edit.statusCode).toBe(200);
    const res = await answerAsClient(t, p.publicToken, 'accept', {
      version: page.version,
      contentSha256: sha,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.proposalChanged);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, p.id));
    expect(row?.status).toBe('viewed');
    expect((await listEvidence(t.db, p)).map((e) => e.type)).not.toContain('accepted');

    const fresh = (await view(p.publicToken, true)).json().data;
    const again = await answerAsClient(t, p.publicToken, 'accept', {
      version: fresh.version,
      contentSha256: await contentSha256(fresh),
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a content hash that is not the content shown, and an invalid one with 400', async () => {
    const p = await sentProposal('Hash');
    const page = (await view(p.publicToken)).json().data;
    const wrong = await answerAsClient(t, p.publicToken, 'reject', {
      version: page.version,
      contentSha256: 'a'.repeat(64),
    });
    expect(wrong.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${p.publicToken}/reject`,
      payload: { contentSha256: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('requires what the page showed: without version or content hash each decision answers 400 naming them', async () => {
    const p = await sentProposal('Obrigatória');
    const page = (await view(p.publicToken)).json().data;
    const post = (action: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${p.publicToken}/${action}`, payload });
    for (const action of ['accept', 'reject', 'sign']) {
      const none = await post(action);
      expect(none.statusCode, action).toBe(400);
      expect(none.json().error.code).toBe('VALIDATION_ERROR');
      const fields = none.json().error.details.map((d: { field: string; message: string }) => d);
      expect(fields).toEqual(
        expect.arrayContaining([
          { field: 'version', message: MESSAGES.shownVersionRequired },
          { field: 'contentSha256', message: MESSAGES.shownContentRequired },
        ]),
      );
    }
    const noHash = await post('accept', { version: page.version });
    expect(noHash.statusCode).toBe(400);
    expect(noHash.json().error.message).toBe(MESSAGES.shownContentRequired);
    const noVersion = await post('reject', { reason: 'Caro', contentSha256: await contentSha256(page) });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.message).toBe(MESSAGES.shownVersionRequired);
    expect((await t.db.select().from(proposals).where(eq(proposals.id, p.id)))[0]?.status).not.toMatch(
      /accepted|rejected/,
    );
  });

  it('keeps the content hash in the audit row and in the chain', async () => {
    const p = await sentProposal('Auditada');
    const page = (await view(p.publicToken)).json().data;
    const sha = await contentSha256(page);
    const res = await answerAsClient(t, p.publicToken, 'reject', {
      reason: 'Caro',
      version: page.version,
      contentSha256: sha,
    });
    expect(res.statusCode).toBe(200);
    const audit = await t.db.execute<{ metadata: { contentSha256: string } }>(
      sql`select metadata from audit_logs where entity_id = ${p.id} and action = 'proposal.public_rejected'`,
    );
    expect(audit.rows[0]?.metadata.contentSha256).toBe(sha);
    const last = (await listEvidence(t.db, p)).at(-1);
    expect(last).toMatchObject({ type: 'rejected', payload: { contentSha256: sha, reason: 'Caro' } });
  });
});

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
