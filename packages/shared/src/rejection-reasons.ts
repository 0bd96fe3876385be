/**
 * Why a client rejected a proposal (docs/product.md#rejection-reasons): the code the public page's reject
 * dialog asks for and the analytics' "Motivos de perda" count. Zod-free: the public page imports it.
 * Rejections recorded before the codes existed count as `other`.
 */
export const REJECTION_REASON_CODES = [
  'price',
  'deadline',
  'other_supplier',
  'no_longer_needed',
  'other',
] as const;
export type RejectionReasonCode = (typeof REJECTION_REASON_CODES)[number];

export const REJECTION_REASON_LABELS: Record<RejectionReasonCode, string> = {
  price: 'Preço',
  deadline: 'Prazo',
  other_supplier: 'Escolheu outro fornecedor',
  no_longer_needed: 'Já não precisa',
  other: 'Outro',
};

export function isRejectionReasonCode(value: unknown): value is RejectionReasonCode {
  return typeof value === 'string' && (REJECTION_REASON_CODES as readonly string[]).includes(value);
}

/**
 * The reason as screens and messages word it: 'Preço', 'Preço — <text>', the text alone for 'other', or null
 * when nothing was given (no code or 'other', and no text).
 */
export function describeRejection(code: RejectionReasonCode | null, text: string | null): string | null {
  if (!code || code === 'other') return text || null;
  return text ? `${REJECTION_REASON_LABELS[code]} — ${text}` : REJECTION_REASON_LABELS[code];
}
