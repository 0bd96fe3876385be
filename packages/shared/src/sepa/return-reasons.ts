/*
 * The R-transaction reason codes of a returned SEPA Direct Debit (ISO 20022 `ExternalReturnReason1Code`, as the
 * EPC's SEPA Core rulebook and its guidance on reason codes use them), with their Portuguese labels: the one home
 * of both, read by the API's validation, the "Marcar como devolvida" select and the `collection.returned`
 * webhook (docs/product.md#mandates-collections-and-the-file).
 */

export const SEPA_RETURN_REASONS = {
  AC01: 'IBAN incorreto',
  AC04: 'Conta encerrada',
  AC06: 'Conta bloqueada',
  AC13: 'Conta de devedor consumidor inválida',
  AG01: 'Operação proibida nesta conta',
  AG02: 'Código de operação inválido',
  AM04: 'Saldo insuficiente',
  AM05: 'Cobrança duplicada',
  BE05: 'Credor não reconhecido',
  CNOR: 'Banco do credor não registado',
  DNOR: 'Banco do devedor não registado',
  FF01: 'Formato de ficheiro inválido',
  MD01: 'Sem mandato',
  MD02: 'Dados do mandato em falta ou incorretos',
  MD06: 'Reembolso pedido pelo devedor',
  MD07: 'Devedor falecido',
  MS02: 'Recusada pelo devedor',
  MS03: 'Motivo não especificado',
  RC01: 'BIC incorreto',
  RR01: 'Identificação do devedor em falta',
  RR02: 'Nome ou morada do devedor em falta',
  RR03: 'Nome ou morada do credor em falta',
  RR04: 'Motivo regulamentar',
  SL01: 'Serviço específico do banco do devedor',
} as const;

export type SepaReturnReason = keyof typeof SEPA_RETURN_REASONS;
export const SEPA_RETURN_REASON_CODES = Object.keys(SEPA_RETURN_REASONS) as [
  SepaReturnReason,
  ...SepaReturnReason[],
];

/** "AM04 — Saldo insuficiente": how a screen, an email or a webhook names a reason. */
export function returnReasonLabel(code: SepaReturnReason): string {
  return `${code} — ${SEPA_RETURN_REASONS[code]}`;
}
