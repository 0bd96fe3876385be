/*
 * The texts of a SEPA file (docs/product.md#sepa-direct-debit). The EPC rulebook asks every bank to accept the
 * basic Latin set (a–z, A–Z, 0–9, space and / - ? : ( ) . , ' +); others may be refused or converted. The names
 * the organization types for itself are held to that set, accented letters allowed (they are written without
 * their accents); names and texts that come from clients are written without accents and otherwise as typed,
 * escaped by the XML builder (docs/decisions.md, "SEPA").
 */

/** The creditor's name: at most 70 characters (the file's `Nm`). */
export const SEPA_NAME_MAX = 70;
/** The remittance text (`Ustrd`). */
export const SEPA_REMITTANCE_MAX = 140;
/** The end-to-end id and the mandate reference (`EndToEndId`, `MndtId`), and the message and batch ids. */
export const SEPA_ID_MAX = 35;

const SEPA_NAME = /^[\p{Script=Latin}0-9 /\-?:().,'+]+$/u;

/** Whether a name the organization types fits the SEPA set (accented Latin letters allowed). */
export function isSepaName(value: string): boolean {
  return SEPA_NAME.test(value);
}

/** The text without its accents (ç → c, ã → a), as the file carries it. */
export function withoutAccents(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The text as the file carries it: without accents, spaces collapsed, cut to `max` characters. */
export function sepaText(value: string, max: number): string {
  return withoutAccents(value).replace(/\s+/g, ' ').trim().slice(0, max);
}

/**
 * An identifier (end-to-end id, mandate reference): the rulebook allows only the basic set, without spaces
 * at its start or end, at most 35 characters.
 */
const SEPA_ID = /^[A-Za-z0-9/\-?:().,'+]([A-Za-z0-9/\-?:().,'+ ]*[A-Za-z0-9/\-?:().,'+])?$/;

export function isSepaIdentifier(value: string): boolean {
  return (
    value.length <= SEPA_ID_MAX && SEPA_ID.test(value) && !value.startsWith('/') && !value.includes('//')
  );
}
