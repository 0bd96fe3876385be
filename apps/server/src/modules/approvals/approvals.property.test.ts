import { needsApproval } from '@aceite/shared/approvals';
import { approvedContentSha256 } from '@aceite/shared/content-hash';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, proposalApprovals, proposals } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

/**
 * The property of issue 34: for random proposals, rules, changes after sending and client choices, no client
 * decision is ever stored on content whose largest total meets a rule without an approval of that exact
 * content by someone other than whoever asked for it (docs/product.md#approvals). One organization for every
 * run; the client's code is off so that only the approval stands between the client and a decision.
 */

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

const itemArb = fc
  .record({
    unitPrice: fc.integer({ min: 100, max: 400_000 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    optional: fc.constantFrom(null, 'selected', 'unselected'),
    extra: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
    discount: fc.constantFrom(0, 5, 30),
  })
  .map(({ extra, ...i }) => ({
    name: 'Linha',
    ...i,
    maxQuantity: extra === null ? null : i.quantity + extra,
  }));
const itemsArb = fc.array(itemArb, { minLength: 1, maxLength: 3 });

const scenarioArb = fc.record({
  rule: fc.record({
    approvalMinTotal: fc.constantFrom(null, 50_000, 200_000, 1_000_000),
    approvalMinDiscountPercent: fc.constantFrom(null, 20),
  }),
  first: itemsArb,
  /** Changes saved while the client has the proposal, each possibly approved before the next. */
  changes: fc.array(fc.record({ items: itemsArb, approve: fc.boolean() }), { maxLength: 2 }),
  /** The client's answer and choice: every item in or out (optional ones only), at a quantity in its range. */
  answer: fc.constantFrom('accept', 'reject'),
  choice: fc.array(fc.record({ selected: fc.boolean(), pick: fc.double({ min: 0, max: 1, noNaN: true }) }), {
    minLength: 3,
    maxLength: 3,
  }),
});

type Items = typeof itemsArb extends fc.Arbitrary<infer T> ? T : never;

const body = (items: Items, status?: string) => ({
  title: 'Propriedade',
  clientId,
  taxRate: 23,
  content: { blocks: [], items },
  ...(status ? { status } : {}),
});

describe('approval property (issue 34)', () => {
  it('never stores a decision on content the rule reaches without its approval by someone who did not ask', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const settings = { ...s.rule, requireAnswerCode: false };
        await t.db.update(organizations).set({ settings }).where(eq(organizations.id, team.org.id));
        const sales = as(t.app, team.sales);
        const created = await sales('POST', '/proposals', body(s.first));
        expect(created.statusCode, created.body).toBe(201);
        const { id, publicToken } = created.json().data;
        if ((await sales('POST', `/proposals/${id}/send`)).statusCode === 409) {
          await sales('POST', `/proposals/${id}/approval-request`);
          await as(t.app, team.admin)('POST', `/proposals/${id}/approve`);
          expect((await sales('POST', `/proposals/${id}/send`)).statusCode).toBe(200);
        }
        for (const change of s.changes) {
          const saved = await sales('PUT', `/proposals/${id}`, body(change.items, 'sent'));
          expect(saved.statusCode, saved.body).toBe(200);
          if (change.approve) await as(t.app, team.admin)('POST', `/proposals/${id}/approve`);
        }
        // Whoever made the change never approves it.
        expect((await sales('POST', `/proposals/${id}/approve`)).statusCode).toBe(403);

        const [row] = await t.db.select().from(proposals).where(eq(proposals.id, id));
        const items = row?.content.items ?? [];
        const choice = {
          items: items.map((item, index) => {
            const c = s.choice[index] ?? { selected: true, pick: 0 };
            const max = item.maxQuantity ?? item.quantity;
            const min = item.minQuantity ?? item.quantity;
            return {
              index,
              selected: item.optional ? c.selected : true,
              quantity: Math.round(min + (max - min) * c.pick),
            };
          }),
        };
        const res = await answerAsClient(
          t,
          publicToken,
          s.answer,
          s.answer === 'accept' ? { choice } : { reasonCode: 'price' },
        );
        expect([200, 409]).toContain(res.statusCode);

        const [after] = await t.db.select().from(proposals).where(eq(proposals.id, id));
        if (!after) throw new Error('proposal gone');
        const decided = after.status === 'accepted' || after.status === 'rejected';
        expect(decided).toBe(res.statusCode === 200);
        const reaches = needsApproval(
          settings,
          {
            ownerId: after.ownerId,
            discountType: after.discountType,
            discountValue: after.discountValue,
            taxRate: after.taxRate,
            items: after.content.items,
          },
          { userId: after.ownerId, role: 'sales' },
        );
        if (!decided || !reaches) return;
        const sha = await approvedContentSha256({ ...after, items: after.content.items });
        const history = await t.db
          .select()
          .from(proposalApprovals)
          .where(eq(proposalApprovals.proposalId, id));
        const requesters = new Set(
          history.filter((e) => e.action === 'requested' || e.action === 'reopened').map((e) => e.actorId),
        );
        const approvals = history.filter(
          (e) => e.action === 'approved' && e.contentSha256 === sha && !requesters.has(e.actorId),
        );
        expect(approvals.length, `decision on unapproved content: ${JSON.stringify(s)}`).toBeGreaterThan(0);
      }),
      { numRuns: 30, seed: Number(process.env.FC_SEED ?? 34_034), endOnFailure: true },
    );
  }, 120_000);
});
