import canonicalize from 'canonicalize';

/**
 * What the client reads of a proposal, the part a decision is bound to (docs/product.md#evidence): the same
 * fields are taken on the server (from the stored row) and on the public page (from what it rendered), written
 * as RFC 8785 canonical JSON and hashed with SHA-256. Zod-free: the public page imports it.
 */
export interface ShownContent {
  title: string;
  description: string | null;
  content: unknown;
  subtotal: number;
  discountType: string;
  discountValue: number;
  discountAmount: number;
  taxRate: number;
  taxAmount: number;
  totalValue: number;
  currency: string;
  validUntil: string | null;
  /**
   * "Pagamento por Débito Direto SEPA" (version 2 of the rule, issue 39): the schedule's terms the client is
   * shown. Absent or null when the proposal has none, and then left out of the canonical JSON, so such a
   * proposal hashes exactly as under version 1.
   */
  sepa?: ShownSepaTerms | null;
}

/** The SEPA schedule's terms as bound: the amounts follow from the total, the creditor from the mandate. */
export interface ShownSepaTerms {
  pattern: string;
  instalments: number | null;
  firstCollectionDate: string;
}

/**
 * The names of the bound fields, picked from the shown proposal (schemas/shown-proposal.ts). Changing this list
 * changes every hash: stored decisions keep theirs, so it only ever grows with a new version of the rule.
 * Version 1: these twelve. Version 2 (issue 39): `sepa` too, written only when the proposal has it, so every
 * hash stored under version 1 still verifies (docs/product.md#evidence).
 */
export const SHOWN_CONTENT_FIELDS_V1 = [
  'title',
  'description',
  'content',
  'subtotal',
  'discountType',
  'discountValue',
  'discountAmount',
  'taxRate',
  'taxAmount',
  'totalValue',
  'currency',
  'validUntil',
] as const satisfies readonly (keyof ShownContent)[];

/** Version 2 of the bound fields: version 1 and the SEPA schedule's terms when there are some (issue 39). */
export const SHOWN_CONTENT_FIELDS = [
  ...SHOWN_CONTENT_FIELDS_V1,
  'sepa',
] as const satisfies readonly (keyof ShownContent)[];

/** Exactly the three terms, whatever else the shown `sepa` carries (the creditor); null when off. */
export function boundSepaTerms(sepa: ShownSepaTerms | null | undefined): ShownSepaTerms | null {
  if (!sepa) return null;
  return {
    pattern: sepa.pattern,
    instalments: sepa.instalments ?? null,
    firstCollectionDate: sepa.firstCollectionDate,
  };
}

/**
 * Exactly the fields a decision is bound to, nothing else: kept with the decision (its audit row) so that the
 * sealed PDF is rendered from what the client decided on, not from the live row (docs/product.md#evidence).
 * The proposal versions keep the same fields (their snapshot).
 */
export function shownContent<T extends ShownContent>(p: T): Pick<T, keyof ShownContent> {
  const picked: Record<string, unknown> = {};
  for (const field of SHOWN_CONTENT_FIELDS_V1) picked[field] = p[field];
  const sepa = boundSepaTerms(p.sepa);
  if (sepa) picked.sepa = sepa;
  return picked as Pick<T, keyof ShownContent>;
}

/** The canonical JSON (JCS) of what the client is shown: key order and number forms never depend on the writer. */
export function canonicalContent(p: ShownContent): string {
  return canonicalize(shownContent(p)) ?? '';
}

/** The WebCrypto globals both the browser and Node have (this package is typed without the DOM library). */
interface WebCryptoGlobals {
  crypto: { subtle: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } };
  TextEncoder: new () => { encode(text: string): Uint8Array };
}

/** Lower-case hex SHA-256 of a text, with WebCrypto (the browser and Node alike). */
export async function sha256Hex(text: string): Promise<string> {
  const web = globalThis as unknown as WebCryptoGlobals;
  const digest = await web.crypto.subtle.digest('SHA-256', new web.TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the canonical content: what the page sends with a decision and the server checks. */
export function contentSha256(p: ShownContent): Promise<string> {
  return sha256Hex(canonicalContent(p));
}

/** What an approval covers (docs/product.md#approvals): the priced lines with the client's bounds, discount and IVA. */
export interface ApprovedContent {
  currency: string;
  discountType: string;
  discountValue: number;
  taxRate: number;
  items: readonly {
    quantity: number;
    unitPrice: number;
    discount?: number | null;
    tax?: number | null;
    optional?: string | null;
    minQuantity?: number | null;
    maxQuantity?: number | null;
  }[];
}

/**
 * The canonical JSON (JCS) of what an approval covers: every figure the price and the client's choice are
 * computed from, absent and null alike written as null, numbers as numbers. Wording (titles, names, blocks) is
 * left out: a change of wording keeps the approval, any change of price, discount or bounds does not.
 */
export function canonicalApprovedContent(p: ApprovedContent): string {
  const approved = {
    currency: p.currency,
    discountType: p.discountType,
    discountValue: Number(p.discountValue),
    taxRate: Number(p.taxRate),
    items: p.items.map((i) => ({
      quantity: Number(i.quantity),
      unitPrice: Number(i.unitPrice),
      discount: Number(i.discount ?? 0),
      tax: i.tax ?? null,
      optional: i.optional ?? null,
      minQuantity: i.minQuantity ?? null,
      maxQuantity: i.maxQuantity ?? null,
    })),
  };
  return canonicalize(approved) ?? '';
}

/** SHA-256 of what an approval covers: the approval records it, and the client decides only on a match. */
export function approvedContentSha256(p: ApprovedContent): Promise<string> {
  return sha256Hex(canonicalApprovedContent(p));
}
