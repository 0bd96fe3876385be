const FORMATS = new Map<number, Intl.NumberFormat>();

/**
 * A percentage as the product writes it everywhere (editor, detail, versions, public page, analytics):
 * "23 %", comma decimals, a no-break space before the sign. Takes the percent (23, not 0.23). The sign is
 * added here rather than by Intl's percent style, whose spacing differs between ICU versions (Node, browsers).
 */
export function formatPercent(percent: number, maximumFractionDigits = 2): string {
  let format = FORMATS.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('pt-PT', { maximumFractionDigits });
    FORMATS.set(maximumFractionDigits, format);
  }
  return `${format.format(percent)}\u00a0%`;
}
