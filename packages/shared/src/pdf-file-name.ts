/**
 * The name a proposal's PDF is saved under (docs/product.md#proposal-pdf): its title without control
 * characters and the characters file systems refuse, accents kept, at most 100 characters. Written once for
 * the server's Content-Disposition and the screens that save the file.
 */
export function proposalPdfFileName(title: string): string {
  const safe = title
    .replace(/[\p{Cc}<>:"/\\|?*]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .slice(0, 100)
    .trim();
  return `${safe || 'Proposta'}.pdf`;
}
