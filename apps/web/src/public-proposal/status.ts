import type { ProposalStatus } from '@aceite/shared/schemas/proposals';

// Copies of STATUS_LABELS and STATUS_COLORS from @aceite/shared/schemas/proposals: that module also builds the
// zod schemas at import time, which would add ~28 KB gzip of zod to this page. status.test.ts keeps the
// copies equal to the shared ones.
export const STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Rascunho',
  in_review: 'Em revisão',
  approved: 'Aprovada',
  sent: 'Enviada',
  viewed: 'Visualizada',
  under_negotiation: 'Em negociação',
  accepted: 'Aceite',
  signed: 'Assinada',
  rejected: 'Rejeitada',
  expired: 'Expirada',
  cancelled: 'Cancelada',
};

export const STATUS_COLORS: Record<ProposalStatus, string> = {
  draft: 'gray',
  in_review: 'yellow',
  approved: 'teal',
  sent: 'blue',
  viewed: 'violet',
  under_negotiation: 'orange',
  accepted: 'green',
  signed: 'green',
  rejected: 'red',
  expired: 'dark',
  cancelled: 'gray',
};

/**
 * Badge tones per status colour: a pale background with a dark text of the same hue. Mantine's filled and
 * light badges fail 4.5:1 for green, yellow, orange and blue; every pair here is ≥ 6:1.
 */
const TONES: Record<string, { background: string; color: string }> = {
  gray: { background: '#f1f3f5', color: '#343a40' },
  yellow: { background: '#fff3bf', color: '#7a4100' },
  teal: { background: '#c3fae8', color: '#075e45' },
  blue: { background: '#e7f1fc', color: '#0a4f95' },
  violet: { background: '#f3f0ff', color: '#5235b0' },
  orange: { background: '#fff4e6', color: '#8f3206' },
  green: { background: '#ebfbee', color: '#1b5e2b' },
  red: { background: '#fff5f5', color: '#a51d1d' },
  dark: { background: '#e9ecef', color: '#212529' },
};

export function statusTone(status: ProposalStatus): { background: string; color: string } {
  return TONES[STATUS_COLORS[status]] ?? { background: '#f1f3f5', color: '#343a40' };
}
