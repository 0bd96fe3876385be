import { SEPA_NOTICE_DAYS } from './schedule.ts';

/*
 * The mandate text of the SEPA Core Direct Debit scheme in Portuguese (issue 39,
 * docs/product.md#the-mandate-at-acceptance): the one home of the words the client reads on the public page
 * before accepting and the sealed PDF prints with the signed mandate, so both say the same.
 */

export interface MandateTextParties {
  creditorName: string;
  creditorIdentifier: string;
  /** The mandate reference; null before acceptance (it is given when the client accepts). */
  reference: string | null;
}

/** The placeholder the page shows where the reference will be: it is only known once the client accepts. */
export const MANDATE_REFERENCE_PENDING = 'atribuída ao aceitar';

/** The title of the mandate, as the page and the sealed PDF head it. */
export const MANDATE_TITLE = 'Autorização de Débito Direto SEPA (esquema Core)';

/** A name at the end of a sentence: one full stop, not two after "Lda.". */
const sentenceEnd = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/** The mandate's paragraphs: the parties, the authorisation, the refund right and the pre-notification. */
export function sepaMandateText(parties: MandateTextParties): string[] {
  return [
    `Credor: ${parties.creditorName} · Identificador de credor: ${parties.creditorIdentifier} · ` +
      `Referência da autorização: ${parties.reference ?? MANDATE_REFERENCE_PENDING}.`,
    `Ao subscrever esta autorização, está a autorizar (A) ${parties.creditorName} a enviar instruções ao ` +
      'seu banco para debitar a sua conta e (B) o seu banco a debitar a sua conta de acordo com as ' +
      `instruções de ${sentenceEnd(parties.creditorName)}`,
    'Os seus direitos incluem o direito a ser reembolsado pelo seu banco nos termos e condições do contrato ' +
      'celebrado com o seu banco. O reembolso deve ser solicitado até um prazo de oito semanas a contar da ' +
      'data do débito na sua conta.',
    `Será informado do montante e da data de cada débito com pelo menos ${SEPA_NOTICE_DAYS} dias de ` +
      'antecedência (pré-notificação).',
  ];
}
