import { describe, expect, it } from 'vitest';
import {
  type ApprovalSubject,
  approvalParties,
  approvalReasons,
  approvalReasonText,
  largestDiscountPercent,
  needsApproval,
} from './approvals.ts';
import { clientTotalRange } from './client-choice.ts';
import { formatMoney } from './money.ts';
import { canApproveProposal } from './permissions.ts';
import { canRequestApproval, isAwaitingApproval } from './proposal-status.ts';

const owner = { userId: 'owner', role: 'sales' } as const;
/**
 * A proposal at 0 % IVA priced so that its default total is `totalValue` (and its subtotal `subtotal`), with a
 * fixed `discountAmount` or a percentage `discountValue`; `items` adds lines of their own (price 0 unless given).
 */
interface Shape {
  totalValue?: number;
  subtotal?: number;
  discountType?: 'percentage' | 'fixed';
  discountValue?: number;
  discountAmount?: number;
  items?: ApprovalSubject['items'] | { discount?: number }[];
}
const proposal = (over: Shape = {}): ApprovalSubject => {
  const discountType = over.discountType ?? 'percentage';
  const subtotal = over.subtotal ?? over.totalValue ?? 100_000;
  const extra = (over.items ?? []).map((i) => ({ quantity: 1, unitPrice: 0, ...i }));
  return {
    ownerId: 'owner',
    taxRate: 0,
    discountType,
    discountValue: discountType === 'fixed' ? (over.discountAmount ?? 0) : (over.discountValue ?? 0),
    items: [{ quantity: 1, unitPrice: subtotal }, ...extra],
  };
};

describe('needsApproval (docs/product.md#approvals)', () => {
  it('is off by default', () => {
    expect(needsApproval({}, proposal({ totalValue: 10 ** 11, discountValue: 100 }), owner)).toBe(false);
    expect(needsApproval(null, proposal(), owner)).toBe(false);
  });

  it('applies at exactly the total threshold and not one cent below', () => {
    const settings = { approvalMinTotal: 500_000 };
    expect(needsApproval(settings, proposal({ totalValue: 500_000 }), owner)).toBe(true);
    expect(needsApproval(settings, proposal({ totalValue: 499_999 }), owner)).toBe(false);
  });

  it('applies at exactly the discount percentage and not just below', () => {
    const settings = { approvalMinDiscountPercent: 15 };
    expect(needsApproval(settings, proposal({ discountValue: 15 }), owner)).toBe(true);
    expect(needsApproval(settings, proposal({ discountValue: 14.99 }), owner)).toBe(false);
  });

  it('reads a fixed discount as its share of the subtotal', () => {
    const settings = { approvalMinDiscountPercent: 10 };
    const fixed = { discountType: 'fixed' as const, subtotal: 200_000 };
    expect(needsApproval(settings, proposal({ ...fixed, discountAmount: 20_000 }), owner)).toBe(true);
    expect(needsApproval(settings, proposal({ ...fixed, discountAmount: 19_999 }), owner)).toBe(false);
    expect(largestDiscountPercent(proposal({ ...fixed, subtotal: 0, discountAmount: 0 }))).toBe(0);
  });

  it('evaluates the largest total the client can choose (issue 34, M1)', () => {
    const settings = { approvalMinTotal: 100_000 };
    const base = proposal({ totalValue: 1_230 });
    expect(needsApproval(settings, base, owner)).toBe(false);
    const optional = { quantity: 1, unitPrice: 100_000, optional: 'unselected' as const };
    expect(needsApproval(settings, { ...base, items: [...base.items, optional] }, owner)).toBe(true);
    const ranged = { ...base, items: [{ quantity: 1, maxQuantity: 100, unitPrice: 1_230 }] };
    expect(needsApproval(settings, ranged, owner)).toBe(true);
    expect(clientTotalRange(ranged)).toMatchObject({ min: 1_230, max: 123_000 });
  });

  it('reads a fixed discount on the smallest choice, where it weighs most', () => {
    const settings = { approvalMinDiscountPercent: 50 };
    const p = proposal({ discountType: 'fixed', subtotal: 10_000, discountAmount: 4_000 });
    expect(needsApproval(settings, p, owner)).toBe(false);
    const ranged = { ...p, items: [{ quantity: 2, minQuantity: 1, unitPrice: 5_000 }] };
    expect(needsApproval(settings, ranged, owner)).toBe(true);
  });

  it("counts a line's own discount", () => {
    const settings = { approvalMinDiscountPercent: 20 };
    expect(needsApproval(settings, proposal({ items: [{ discount: 5 }, { discount: 20 }] }), owner)).toBe(
      true,
    );
    expect(needsApproval(settings, proposal({ items: [{ discount: 19.5 }, {}] }), owner)).toBe(false);
  });

  it('applies either rule when both are on', () => {
    const settings = { approvalMinTotal: 500_000, approvalMinDiscountPercent: 15 };
    expect(needsApproval(settings, proposal({ totalValue: 600_000 }), owner)).toBe(true);
    expect(needsApproval(settings, proposal({ discountValue: 20 }), owner)).toBe(true);
    expect(needsApproval(settings, proposal(), owner)).toBe(false);
  });

  it('lets admins and managers skip their own approval unless the organization says no', () => {
    const settings = { approvalMinTotal: 1 };
    for (const role of ['admin', 'manager'] as const) {
      expect(needsApproval(settings, proposal(), { userId: 'owner', role })).toBe(false);
      expect(
        needsApproval({ ...settings, approvalSelfApproves: false }, proposal(), { userId: 'owner', role }),
      ).toBe(true);
      // Someone else's proposal: the skip is only for one's own.
      expect(needsApproval(settings, proposal(), { userId: 'other', role })).toBe(true);
    }
    expect(needsApproval(settings, proposal(), owner)).toBe(true);
  });
});

describe('canApproveProposal (docs/product.md#approvals)', () => {
  const p = { ownerId: 'owner' };
  it('lets an admin approve any proposal', () => {
    expect(canApproveProposal({ userId: 'a', role: 'admin' }, p, [])).toBe(true);
  });
  it("lets a manager approve only the proposals of their team's members", () => {
    expect(canApproveProposal({ userId: 'm', role: 'manager' }, p, ['m'])).toBe(true);
    expect(canApproveProposal({ userId: 'other-manager', role: 'manager' }, p, ['m'])).toBe(false);
  });
  it('never lets sales or viewers approve', () => {
    expect(canApproveProposal({ userId: 's', role: 'sales' }, p, ['s'])).toBe(false);
    expect(canApproveProposal({ userId: 'v', role: 'viewer' }, p, ['v'])).toBe(false);
  });
  it('lets an owner approve their own only when the organization lets them skip it', () => {
    const admin = { userId: 'owner', role: 'admin' } as const;
    expect(canApproveProposal(admin, p, [], true)).toBe(true);
    expect(canApproveProposal(admin, p, [], false)).toBe(false);
    expect(canApproveProposal({ userId: 'owner', role: 'sales' }, p, ['owner'], true)).toBe(false);
  });
});

describe('approval transitions', () => {
  it('requests from draft only and answers from in_review only', () => {
    expect(canRequestApproval('draft')).toBe(true);
    expect(canRequestApproval('approved')).toBe(false);
    expect(canRequestApproval('sent')).toBe(false);
    expect(isAwaitingApproval('in_review')).toBe(true);
    expect(isAwaitingApproval('draft')).toBe(false);
  });
});

describe('approvalParties (issue 34, M3)', () => {
  it('names the requesters and past owners of the pending request only', () => {
    const history = [
      { action: 'handed_over', actorId: 'm', previousOwnerId: 'm' },
      { action: 'reopened', actorId: 's2' },
      { action: 'requested', actorId: 'm' },
      { action: 'approved', actorId: 'a' },
      { action: 'requested', actorId: 'old' },
      { action: 'handed_over', actorId: 'x', previousOwnerId: 'older' },
    ];
    expect(approvalParties(history).sort()).toEqual(['m', 's2']);
    expect(approvalParties([])).toEqual([]);
    expect(approvalParties([{ action: 'requested', actorId: null }])).toEqual([]);
  });

  it('bars them from approving only when people do not approve their own', () => {
    const manager = { userId: 'm', role: 'manager' } as const;
    const p = { ownerId: 's' };
    expect(canApproveProposal(manager, p, ['m'], false, ['m'])).toBe(false);
    expect(canApproveProposal(manager, p, ['m'], true, ['m'])).toBe(true);
    expect(canApproveProposal(manager, p, ['m'], false, ['other'])).toBe(true);
  });
});

describe('approvalReasons (issue 37: the message names the rule)', () => {
  it('names each rule met with the figure and the limit, in words', () => {
    const settings = { approvalMinTotal: 500_000, approvalMinDiscountPercent: 10 };
    const reasons = approvalReasons(settings, proposal({ totalValue: 400_000, discountValue: 15 }));
    expect(reasons).toEqual([{ rule: 'discount', value: 15, limit: 10 }]);
    const both = approvalReasons(settings, { ...proposal({ subtotal: 800_000, discountValue: 12 }) });
    expect(both.map((r) => r.rule)).toEqual(['total', 'discount']);
    expect(approvalReasonText({ rule: 'total', value: 615_000, limit: 500_000 })).toBe(
      `O total (${formatMoney(615_000)}) é igual ou superior a ${formatMoney(500_000)}, o limite definido pela organização.`,
    );
    expect(approvalReasonText({ rule: 'discount', value: 15, limit: 10 })).toBe(
      'O desconto (15\u00a0%) é igual ou superior a 10\u00a0%, o limite definido pela organização.',
    );
    expect(approvalReasons({}, proposal())).toEqual([]);
  });
});
