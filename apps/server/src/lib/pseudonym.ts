/**
 * The reserved domain (RFC 2606 `.invalid`) of a pseudonymised client's stand-in address: the one mark that a
 * client was deleted and pseudonymised (docs/product.md#personal-data).
 */
export const PSEUDONYM_EMAIL_DOMAIN = 'anonimo.invalid';

export function isPseudonymEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${PSEUDONYM_EMAIL_DOMAIN}`);
}
