import { formatCalendarDate } from '../dates.ts';

/**
 * The messages of SEPA Direct Debit (docs/product.md#sepa-direct-debit), apart from the shared MESSAGES
 * (messages.ts): every screen and the client's page load MESSAGES, and only the server, the payments screens,
 * the editor's SEPA section and the mandate form need these.
 */
export const SEPA_MESSAGES = {
  sepaCreditorNameRequired: 'O nome do credor é obrigatório.',
  sepaCreditorNameTooLong: 'O nome do credor tem no máximo 70 caracteres.',
  sepaCreditorNameCharacters:
    "O nome do credor só pode ter letras, algarismos, espaços e / - ? : ( ) . , ' + (sem &).",
  sepaCreditorIdentifierInvalid: 'O identificador de credor não é válido: verifique os dígitos de controlo.',
  sepaIbanInvalid: 'O IBAN não é válido: verifique o país, o comprimento e os dígitos de controlo.',
  sepaBicInvalid: 'O BIC não é válido (8 ou 11 caracteres, por exemplo CGDIPTPL).',
  sepaBicRequired: 'Indique o BIC: é obrigatório para contas fora do Espaço Económico Europeu.',
  sepaPatternInvalid: 'Escolha a cobrança única ou as prestações mensais.',
  sepaInstalmentsInvalid: 'Indique entre 2 e 60 prestações mensais.',
  sepaMandateNotFound: 'Mandato não encontrado.',
  sepaMandateAlreadyRevoked: 'Este mandato já foi revogado.',
  sepaCollectionNotFound: 'Cobrança não encontrada.',
  sepaCollectionNotSubmitted: 'Só uma cobrança submetida ao banco pode ser marcada como paga ou devolvida.',
  sepaExportNotFound: 'Ficheiro SEPA não encontrado.',
  sepaNothingToExport: 'Não há cobranças por cobrar de mandatos ativos nesta data: nada a exportar.',
  sepaExportNeedsCreditor:
    'Configure primeiro o credor em Configurações → Pagamentos para exportar o ficheiro SEPA.',
  sepaExportNeedsDebtorEmail:
    'Sem o email do devedor não há pré-aviso: estas cobranças não podem ser exportadas.',
  sepaExportDateInPast: 'A data de cobrança já passou: escolha hoje ou uma data futura.',
  sepaReturnReasonInvalid: 'Escolha o motivo da devolução.',
  sepaVersionInvalid: 'Escolha a versão pain.008.001.02 ou pain.008.001.08.',
  sepaMandateRequired:
    'Esta proposta é paga por Débito Direto SEPA: indique o titular da conta e o IBAN para a aceitar.',
  sepaMandateNotExpected: 'Esta proposta não é paga por Débito Direto SEPA: não envie dados de conta.',
  sepaDebtorNameRequired: 'Indique o titular da conta.',
  sepaDebtorNameTooLong: 'O titular da conta tem no máximo 70 caracteres.',
  sepaMandateConsentRequired: 'Para aceitar, autorize o débito direto nos termos acima.',
  sepaOneOffNoInstalments:
    'A cobrança única não tem prestações: escolha as prestações mensais ou retire o número.',
  sepaFirstCollectionDateInvalid: 'Indique a data da primeira cobrança (uma data do calendário, dd/mm/aaaa).',
  sepaCreditorMissing: 'Configure primeiro os dados de cobrança em Configurações → Pagamentos.',
} as const;

/**
 * 422 of an export whose date is too near for the overdue collections (docs/product.md#mandates-collections-and-the-file):
 * re-dated, each needs a new pre-notification `SEPA_NOTICE_DAYS` before its new date. `earliest` is YYYY-MM-DD.
 */
export function sepaOverdueNeedsNoticeMessage(earliest: string): string {
  return `As cobranças em atraso precisam de um novo pré-aviso: escolha uma data a partir de ${formatCalendarDate(earliest)}.`;
}
