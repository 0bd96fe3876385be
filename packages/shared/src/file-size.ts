const KB = 1024;
const MB = 1024 * KB;
const ONE_DECIMAL = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

/** A file size as people read it (docs/product.md#attachments: KB/MB), e.g. 512 B, 12,5 KB, 3,2 MB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < KB) return `${Math.round(bytes)} B`;
  if (bytes < MB) return `${ONE_DECIMAL.format(bytes / KB)} KB`;
  return `${ONE_DECIMAL.format(bytes / MB)} MB`;
}
