/**
 * What the public page measures of a client's reading and how it names the parts of the proposal
 * (docs/product.md#reading). Zod-free: the public page's tracker imports it.
 */

/** The items table's section id; content blocks are `b0`, `b1`… by their position in the content. */
export const READING_ITEMS_SECTION = 'items';

export function blockSectionId(index: number): string {
  return `b${index}`;
}

/** The position of a block's section id (`b3` → 3), or null for `items` or anything else. */
export function blockIndexOf(sectionId: string): number | null {
  const match = /^b(\d{1,3})$/.exec(sectionId);
  return match ? Number(match[1]) : null;
}

/**
 * One visitor (the same network and device type) opens at most one visit per proposal in this many minutes: a
 * new visit from them within it is the same visit (issue 34, L3). The reading panel says so (issue 37).
 */
export const READING_VISIT_WINDOW_MINUTES = 30;

/**
 * What the team's screens say each figure counts (issue 37): a view is every opening of the public page by
 * someone outside the organization (`countsAsView` on the server); a visit is a reading session.
 */
export const VIEWS_EXPLAINED =
  'Cada abertura da página da proposta fora da sua organização; a equipa e os robôs não contam.';
export const VISITS_EXPLAINED = `Sessões de leitura da página: aberturas no mesmo dispositivo e rede com menos de ${READING_VISIT_WINDOW_MINUTES} min de intervalo contam como uma.`;

/** How often the page sends its totals while it is visible (and once more when it is hidden). */
export const READING_BATCH_MS = 15_000;

/** The most sections one batch may carry: 100 content blocks and the items table. */
export const READING_MAX_SECTIONS = 101;

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_LABELS: Record<DeviceType, string> = {
  mobile: 'Telemóvel',
  tablet: 'Tablet',
  desktop: 'Computador',
};
