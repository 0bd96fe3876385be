import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { unzip } from '@/test/unzip.ts';

// docs/product.md#evidence: anyone holding the export re-checks the chain with the docs alone. This file is that
// reader: it reads only the exported JSON and recomputes with `canonicalize` and node:crypto, never with the
// app's evidence code.

interface ExportedEvent {
  organizationId: string;
  proposalId: string;
  seq: number;
  type: string;
  occurredAt: string;
  payload: Record<string, unknown>;
  prevHash: string;
  hash: string;
  hiddenPayloadKeys?: string[];
}
interface ExportedChain {
  events: ExportedEvent[];
  head: { seq: number; hash: string } | null;
}

/** The script of docs/product.md#evidence: null when the chain checks out, else what does not. */
function recheck(chain: ExportedChain): string | null {
  let prev = '0'.repeat(64);
  for (const [i, e] of chain.events.entries()) {
    if (e.seq !== i + 1) return `event ${i + 1}: numbered ${e.seq}`;
    if (e.prevHash !== prev) return `event ${e.seq}: not linked to the one before`;
    const { organizationId, proposalId, seq, type, occurredAt, payload } = e;
    const canonical = canonicalize({ organizationId, proposalId, seq, type, occurredAt, payload });
    const hash = createHash('sha256').update(`${prev}${canonical}`).digest('hex');
    // A pseudonymised client's hidden fields keep their stored value in the hash: only the links check.
    if (!e.hiddenPayloadKeys?.length && hash !== e.hash) return `event ${e.seq}: hash differs`;
    prev = e.hash;
  }
  const head = chain.head ?? { seq: 0, hash: '0'.repeat(64) };
  if (head.seq !== chain.events.length || head.hash !== prev)
    return 'the last event is not the recorded head';
  return null;
}

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
let proposalId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
  const created = (
    await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Loja online',
      clientId,
      validUntil: '2099-06-30',
      content: { blocks: [], items: [{ name: 'Loja', quantity: 1, unitPrice: 250000 }] },
    })
  ).json().data;
  proposalId = created.id;
  expect((await as(t.app, team.sales)('POST', `/proposals/${proposalId}/send`)).statusCode).toBe(200);
  const view = await t.app.inject({
    url: `/api/v1/public/proposals/${created.publicToken}`,
    headers: { 'user-agent': 'Teste/1.0' },
    remoteAddress: '203.0.113.77',
  });
  expect(view.statusCode).toBe(200);
  const signed = await answerAsClient(t, created.publicToken, 'sign', {
    signerName: 'Joana Lima',
    signerEmail: 'joana@lima.pt',
    signatureData: PNG_1X1,
  });
  expect(signed.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const exportedChain = async (): Promise<ExportedChain> =>
  (await as(t.app, team.viewer)('GET', `/proposals/${proposalId}/evidence`)).json().data;

const copy = (chain: ExportedChain): ExportedChain => JSON.parse(JSON.stringify(chain));

/** An event a tamperer appends with a correct hash of its own, linked to the last one. */
function forgedAfter(chain: ExportedChain): ExportedEvent {
  const last = chain.events.at(-1) as ExportedEvent;
  const e = {
    ...last,
    seq: last.seq + 1,
    type: 'viewed',
    payload: { ip: '198.51.100.0/24' },
    prevHash: last.hash,
  };
  const { organizationId, proposalId, seq, type, occurredAt, payload } = e;
  const canonical = canonicalize({ organizationId, proposalId, seq, type, occurredAt, payload });
  return { ...e, hash: createHash('sha256').update(`${last.hash}${canonical}`).digest('hex') };
}

describe('the exported evidence chain, re-checked from the docs alone', () => {
  it('checks out untouched, from the API and from the client data export', async () => {
    const chain = await exportedChain();
    expect(chain.events.length).toBeGreaterThanOrEqual(3);
    expect(chain.events.map((e) => e.type)).toEqual(expect.arrayContaining(['sent', 'viewed', 'signed']));
    expect(recheck(chain)).toBeNull();

    const zip = await as(t.app, team.admin)('GET', `/clients/${clientId}/export`);
    expect(zip.statusCode).toBe(200);
    const files = await unzip(zip.rawPayload);
    const [fromExport] = JSON.parse(String(files.get('cadeias-de-prova.json'))) as ExportedChain[];
    expect(fromExport?.events).toEqual(chain.events);
    expect(fromExport?.head).toEqual(chain.head);
    expect(recheck(fromExport as ExportedChain)).toBeNull();
  });

  it('detects an edited field', async () => {
    const chain = copy(await exportedChain());
    (chain.events[1] as ExportedEvent).payload.userAgent = 'Outro/2.0';
    expect(recheck(chain)).toMatch(/event 2: hash differs/);
    const moved = copy(await exportedChain());
    (moved.events[0] as ExportedEvent).occurredAt = '2020-01-01T00:00:00.000Z';
    expect(recheck(moved)).toMatch(/event 1: hash differs/);
  });

  it('detects a removed event, in the middle or the last one', async () => {
    const middle = copy(await exportedChain());
    middle.events.splice(1, 1);
    expect(recheck(middle)).toMatch(/event 2/);
    const last = copy(await exportedChain());
    last.events.pop();
    expect(recheck(last)).toBe('the last event is not the recorded head');
  });

  it('detects an appended event, even with a correct hash of its own', async () => {
    const chain = copy(await exportedChain());
    chain.events.push(forgedAfter(chain));
    expect(recheck(chain)).toBe('the last event is not the recorded head');
  });

  it('detects reordered events', async () => {
    const chain = copy(await exportedChain());
    const [first, second] = chain.events;
    chain.events.splice(0, 2, second as ExportedEvent, first as ExportedEvent);
    expect(recheck(chain)).toMatch(/event 1/);
  });

  // Last: it pseudonymises the client (docs/decisions.md, "Evidence anyone can re-check").
  it('names the events a pseudonymised client hides, and still checks their links and the head', async () => {
    const before = await exportedChain();
    const deleted = await as(t.app, team.admin)('DELETE', `/clients/${clientId}`);
    expect(deleted.json()).toMatchObject({ data: { pseudonymised: true } });
    const chain = await exportedChain();
    const viewed = chain.events.find((e) => e.type === 'viewed') as ExportedEvent;
    expect(viewed.payload.ip).toBeNull();
    expect(viewed.hiddenPayloadKeys).toEqual(['ip']);
    expect(chain.events.map((e) => e.hash)).toEqual(before.events.map((e) => e.hash));
    expect(recheck(chain)).toBeNull();
    chain.events.pop();
    expect(recheck(chain)).toBe('the last event is not the recorded head');
  });
});
