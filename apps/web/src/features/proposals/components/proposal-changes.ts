import { formatDecimalPt, formatMoney } from '@aceite/shared/money';
import type { Proposal } from '@aceite/shared/schemas/proposals';

/**
 * What changed in a reissued draft against the accepted proposal it came from (docs/product.md#evidence): title,
 * lines (added, removed, quantity, price) and totals, one sentence each, in the order a person checks them.
 * Lines are matched by position, as the editor keeps them.
 */
export function proposalChanges(accepted: Proposal, draft: Proposal): string[] {
  const changes: string[] = [];
  if (accepted.title !== draft.title) changes.push(`Título: «${accepted.title}» → «${draft.title}»`);
  const before = accepted.content.items;
  const after = draft.content.items;
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const a = before[i];
    const b = after[i];
    if (a && !b) {
      changes.push(`Item removido: ${a.name}`);
      continue;
    }
    if (!a && b) {
      changes.push(`Item novo: ${b.name} (${formatDecimalPt(b.quantity)} × ${formatMoney(b.unitPrice)})`);
      continue;
    }
    if (!a || !b) continue;
    const name = a.name === b.name ? a.name : `${a.name} → ${b.name}`;
    if (a.name !== b.name) changes.push(`Item ${i + 1}: nome «${a.name}» → «${b.name}»`);
    if (a.quantity !== b.quantity) {
      changes.push(`${name}: quantidade ${formatDecimalPt(a.quantity)} → ${formatDecimalPt(b.quantity)}`);
    }
    if (a.unitPrice !== b.unitPrice) {
      changes.push(`${name}: preço unitário ${formatMoney(a.unitPrice)} → ${formatMoney(b.unitPrice)}`);
    }
    if ((a.discount ?? 0) !== (b.discount ?? 0)) {
      changes.push(`${name}: desconto ${a.discount ?? 0} % → ${b.discount ?? 0} %`);
    }
  }
  const totals: [string, keyof Proposal][] = [
    ['Subtotal', 'subtotal'],
    ['Desconto', 'discountAmount'],
    ['IVA', 'taxAmount'],
    ['Total', 'totalValue'],
  ];
  for (const [label, key] of totals) {
    const a = accepted[key] as number;
    const b = draft[key] as number;
    if (a !== b) changes.push(`${label}: ${formatMoney(a)} → ${formatMoney(b)}`);
  }
  return changes;
}
