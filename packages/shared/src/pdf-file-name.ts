/** Characters file systems refuse, and control characters: each becomes a space. */
const REFUSED = /[\p{Cc}<>:"/\\|?*]/gu;

function safePart(text: string, max: number): string {
  return text
    .replace(REFUSED, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .slice(0, max)
    .trim();
}

/**
 * The name a proposal's PDF is saved under (docs/product.md#proposal-pdf): its number, then its title, as
 * `ORC 2026-0038 - Título.pdf` (the number's "/" is a dash: file systems refuse it), and ` (assinada)` before
 * the extension for the sealed PDF. Characters file systems refuse become spaces; accents kept; the title at
 * most 100 characters. Written once for the server's Content-Disposition, the email attachments and the screens
 * that save the file.
 */
export function proposalPdfFileName(
  proposal: { number?: string | null; title: string },
  options: { sealed?: boolean } = {},
): string {
  const number = safePart((proposal.number ?? '').replaceAll('/', '-'), 40);
  const title = safePart(proposal.title, 100) || 'Proposta';
  return `${number ? `${number} - ` : ''}${title}${options.sealed ? ' (assinada)' : ''}.pdf`;
}
