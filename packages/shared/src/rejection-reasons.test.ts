import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isCancellable, statusAfterChangeRequest } from './proposal-status.ts';
import { REJECTION_REASON_CODES, REJECTION_REASON_LABELS } from './rejection-reasons.ts';
import { RejectInputSchema } from './schemas/public-proposals.ts';

describe('rejection reasons (docs/product.md#rejection-reasons)', () => {
  it('labels every code in pt-PT', () => {
    expect(REJECTION_REASON_CODES.map((c) => REJECTION_REASON_LABELS[c])).toEqual([
      'Preço',
      'Prazo',
      'Escolheu outro fornecedor',
      'Já não precisa',
      'Outro',
    ]);
  });

  it("needs a text for 'other' and records no code as 'other'", () => {
    // What the page showed travels with every decision (docs/product.md#content-binding).
    const shown = { version: 1, contentSha256: 'a'.repeat(64) };
    const other = RejectInputSchema.safeParse({ ...shown, reasonCode: 'other', reason: '  ' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: MESSAGES.rejectionReasonOtherText,
    });
    expect(RejectInputSchema.parse({ ...shown, reasonCode: 'price' })).toMatchObject({
      reasonCode: 'price',
      reason: null,
    });
    expect(RejectInputSchema.parse(shown)).toMatchObject({ reasonCode: 'other', reason: null });
    expect(RejectInputSchema.safeParse({ ...shown, reasonCode: 'caro' }).success).toBe(false);
    // Without what the page showed, the answer names the missing fields.
    expect(RejectInputSchema.safeParse(null).error?.issues.map((i) => i.path[0])).toEqual([
      'version',
      'contentSha256',
    ]);
  });
});

describe('status rules of issue 24', () => {
  it('a change request moves sent and viewed to under_negotiation only', () => {
    expect(statusAfterChangeRequest('sent')).toBe('under_negotiation');
    expect(statusAfterChangeRequest('viewed')).toBe('under_negotiation');
    expect(statusAfterChangeRequest('under_negotiation')).toBe('under_negotiation');
    expect(statusAfterChangeRequest('accepted')).toBe('accepted');
  });

  it('an answered or cancelled proposal cannot be cancelled', () => {
    expect(isCancellable('draft')).toBe(true);
    expect(isCancellable('under_negotiation')).toBe(true);
    for (const s of ['accepted', 'signed', 'rejected', 'cancelled'] as const)
      expect(isCancellable(s)).toBe(false);
  });
});
