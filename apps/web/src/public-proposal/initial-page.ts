import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';

/**
 * What the server found behind the link when it rendered the page (docs/architecture.md, "The public page"):
 * the proposal, or why there is none. The browser hydrates the same tree from it instead of asking again.
 */
export type InitialPage =
  | { kind: 'ready'; proposal: PublicProposal }
  | { kind: 'not-found' }
  | { kind: 'unavailable' };

/** The id of the `<script type="application/json">` that carries it (data, never executed: the CSP holds). */
export const INITIAL_PAGE_ID = 'aceite-proposal-data';

/**
 * The JSON for that element. `<` is written `\u003c`, so no text typed by a user (a title with
 * `</script>` or `<!--`) can end the element or open a comment: JSON.parse reads it back unchanged.
 */
export function serializeInitialPage(page: InitialPage): string {
  return JSON.stringify(page).replace(/</g, '\\u003c');
}

/** The data the server embedded, or null when the page came as the plain shell (no server rendering). */
export function readInitialPage(doc: Document = document): InitialPage | null {
  const element = doc.getElementById(INITIAL_PAGE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InitialPage;
  } catch {
    return null;
  }
}
