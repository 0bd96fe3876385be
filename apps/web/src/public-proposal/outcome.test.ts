import { describe, expect, it } from 'vitest';
import { outcomeOf } from './outcome';
import { makeProposal } from './test-fixtures';

/*
 * The page never judges the validity in the browser's calendar (docs/product.md#validity-and-expiry): the
 * server's `isActionable`, read in the organization's zone, decides whether the client may still answer.
 */
describe('outcomeOf', () => {
  // 00:30 UTC on 1 January: already the 1st in Lisbon, still the 31st in the Azores.
  const now = new Date('2027-01-01T00:30:00Z');

  it('keeps the page open when the server says so, even if Lisbon’s day is past the date (an Azores organization)', () => {
    const p = makeProposal({ status: 'viewed', validUntil: '2026-12-31', isActionable: true });
    expect(outcomeOf(p, now)).toBe('actionable');
  });

  it('says expired when the server no longer lets the client answer, even if the date looks open here', () => {
    const p = makeProposal({ status: 'sent', validUntil: '2027-01-01', isActionable: false });
    expect(outcomeOf(p, now)).toBe('expired');
  });

  it('reads the answers first, then the review, then the status', () => {
    expect(outcomeOf(makeProposal({ status: 'accepted', isActionable: false }), now)).toBe('accepted');
    expect(outcomeOf(makeProposal({ status: 'rejected', isActionable: false }), now)).toBe('rejected');
    expect(
      outcomeOf(
        makeProposal({ status: 'accepted', signedAt: '2026-12-30T10:00:00Z', isActionable: false }),
        now,
      ),
    ).toBe('signed');
    expect(outcomeOf(makeProposal({ status: 'viewed', inReview: true, isActionable: false }), now)).toBe(
      'in_review',
    );
    expect(outcomeOf(makeProposal({ status: 'expired', validUntil: null, isActionable: false }), now)).toBe(
      'expired',
    );
  });
});
