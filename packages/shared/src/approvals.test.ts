import { describe, expect, it } from 'vitest';
import { type ApprovalSubject, largestDiscountPercent, needsApproval } from './approvals.ts';
import { canApproveProposal } from './permissions.ts';
import { canRequestApproval, isAwaitingApproval } from './proposal-status.ts';

const owner = { userId: 'owner', role: 'sales' } as const;
const proposal = (over: Partial<ApprovalSubject> = {}): ApprovalSubject => ({
  ownerId: 'owner',
  totalValue: 100_000,
  subtotal: 100_000,
  discountType: 'percentage',
  discountValue: 0,
  discountAmount: 0,
  ...over,
});

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
