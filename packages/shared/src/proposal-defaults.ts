/** Days a new proposal stays valid when the organization has not set its own (Settings → Organização). */
export const DEFAULT_VALIDITY_DAYS = 30;

/** What 'Duplicar' adds to the copy's title (docs/product.md#duplicating-a-proposal). */
export const COPY_TITLE_SUFFIX = ' (cópia)';

/** The copy's title: '<title> (cópia)', within the title's 300 characters. */
export function copyTitle(title: string): string {
  return `${title}${COPY_TITLE_SUFFIX}`.slice(0, 300);
}

/**
 * The title still ends with ' (cópia)': the copy was not renamed, and the title is the subject of the client's
 * email. The send dialog warns (issue 37; docs/decisions.md, "A copy's title"); the server does not refuse.
 */
export function isUnrenamedCopy(title: string): boolean {
  return title.trimEnd().endsWith(COPY_TITLE_SUFFIX.trim());
}
