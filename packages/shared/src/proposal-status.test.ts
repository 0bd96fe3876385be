import { describe, expect, it } from 'vitest';
import {
  ANSWERED_STATUSES,
  BEFORE_SENT_STATUSES,
  CLIENT_HAS_SEEN_STATUSES,
  isActionable,
  isAnswered,
  isProposalStatus,
  PROPOSAL_STATUSES,
  STATUS_COLORS,
  STATUS_LABELS,
} from './proposal-status.ts';

describe('proposal statuses', () => {
  it('have a label and a colour each', () => {
    for (const status of PROPOSAL_STATUSES) {
      expect(STATUS_LABELS[status]).toBeTruthy();
      expect(STATUS_COLORS[status]).toBeTruthy();
    }
  });

  it('split the life cycle into groups that do not overlap', () => {
    const groups = [BEFORE_SENT_STATUSES, CLIENT_HAS_SEEN_STATUSES, ANSWERED_STATUSES];
    const all = groups.flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('answer the predicates', () => {
    expect(isAnswered('signed')).toBe(true);
    expect(isAnswered('viewed')).toBe(false);
    expect(isActionable('under_negotiation')).toBe(true);
    expect(isActionable('expired')).toBe(false);
    expect(isProposalStatus('sent')).toBe(true);
    expect(isProposalStatus('nope')).toBe(false);
  });
});
