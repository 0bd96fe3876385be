const ONE_DECIMAL = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

/**
 * Storage as the plans sell it (decimal GB): "1,2 GB", "350 MB", "12 kB" (docs/product.md#plans). Its own file,
 * apart from `format.ts`, so that only the screens showing storage carry it (docs/architecture.md#budgets).
 */
export function formatStorage(bytes: number): string {
  if (bytes >= 1_000_000_000) return `${ONE_DECIMAL.format(bytes / 1_000_000_000)} GB`;
  if (bytes >= 1_000_000) return `${ONE_DECIMAL.format(bytes / 1_000_000)} MB`;
  return `${ONE_DECIMAL.format(bytes / 1000)} kB`;
}
