import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '@/db/schema/index.ts';
import { setClock } from '@/lib/clock.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { createOrg, createUser, insertSentProposal } from '@/test/factories.ts';

/*
 * The product rule through the real app and database (docs/product.md#validity-and-expiry): a proposal valid
 * until D can be answered until 23:59:59 of D in the organization's time zone. In the Azores (UTC−1 in winter),
 * 23:59 of 31/12 is 00:59 of 1/1 in UTC — the next day for UTC, Lisbon and PostgreSQL's `current_date` alike.
 * The server's clock (lib/clock.ts) is set instead of waiting for midnight.
 */
const D = '2026-12-31';

let t: TestApp;
let azores: { organizationId: string; ownerId: string };
let lisbon: { organizationId: string; ownerId: string };

async function placeIn(timezone: string) {
  const org = await createOrg(t.db, { timezone });
  const owner = await createUser(t.db, { organizationId: org.id, role: 'sales' });
  return { organizationId: org.id, ownerId: owner.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  azores = await placeIn('Atlantic/Azores');
  lisbon = await placeIn('Europe/Lisbon');
});

afterAll(async () => {
  await t.close();
});

afterEach(() => setClock(null));

/** A sent proposal with no recipient email (so no answer code), valid until D. */
const validUntilD = (owner: { organizationId: string; ownerId: string }) =>
  insertSentProposal(t.db, owner, { validUntil: D });
const at = (instant: string) => setClock(() => new Date(instant));
const status = async (id: string) =>
  (await t.db.select({ s: proposals.status }).from(proposals).where(eq(proposals.id, id)))[0]?.s;

describe('answering across the day boundary, in the organization’s zone', () => {
  it('the Azores: accepted at 23:59 of D there (00:59 UTC of the next day)', async () => {
    const { id, token } = await validUntilD(azores);
    at('2027-01-01T00:59:00Z');
    const res = await answerAsClient(t, token, 'accept');
    expect(res.statusCode).toBe(200);
    expect(await status(id)).toBe('accepted');
  });

  it('the Azores: refused (expired) after their midnight, 01:00 UTC', async () => {
    const { id, token } = await validUntilD(azores);
    at('2027-01-01T01:00:30Z');
    const res = await answerAsClient(t, token, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.proposalExpired);
    expect(await status(id)).toBe('expired');
  });

  it('Lisbon: the same instant (00:59 UTC) is already past D', async () => {
    const { token } = await validUntilD(lisbon);
    at('2027-01-01T00:59:00Z');
    const res = await answerAsClient(t, token, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.proposalExpired);
  });

  it('the page says so: actionable in the Azores at 00:59 UTC, not in Lisbon', async () => {
    at('2027-01-01T00:59:00Z');
    const a = await validUntilD(azores);
    const l = await validUntilD(lisbon);
    const read = async (token: string) =>
      (await t.app.inject({ url: `/api/v1/public/proposals/${token}?refresh=1` })).json().data;
    expect((await read(a.token)).isActionable).toBe(true);
    const lisbonPage = await read(l.token);
    expect(lisbonPage.isActionable).toBe(false);
    expect(lisbonPage.status).toBe('expired');
  });
});
