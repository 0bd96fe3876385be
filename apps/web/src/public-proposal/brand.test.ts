import { PROPOSAL_STATUSES, statusTone } from '@aceite/shared/proposal-status';
import { describe, expect, it } from 'vitest';
import { actionColor, contrastRatio, safeHexColor } from './brand';

describe('status badges', () => {
  it('have text that reaches 4.5:1 on its background for every status', () => {
    for (const status of PROPOSAL_STATUSES) {
      const tone = statusTone(status);
      expect(contrastRatio(tone.color, tone.background), status).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('organization colour', () => {
  it('is used for actions only when white text on it reaches 4.5:1', () => {
    expect(actionColor('#007bff')).toBeUndefined();
    expect(actionColor('#0b3d91')).toBe('#0b3d91');
  });

  it('falls back to the default for anything but #RRGGBB', () => {
    expect(safeHexColor('#1A2B3C')).toBe('#1a2b3c');
    expect(safeHexColor('red; background: url(x)')).toBe('#007bff');
    expect(safeHexColor(null)).toBe('#007bff');
  });
});
