/**
 * The data-protection statement the public page shows before the client decides, and the exact text the
 * server stores with the decision (docs/product.md#personal-data). Zod-free: the public page imports it.
 */

/** Who processes the client's data: the organization, the owner as its contact, its privacy contact. */
export interface PrivacyNoticeInput {
  organizationName: string;
  contactName: string;
  contactEmail: string;
  /** Settings → Organização → "Contacto de privacidade": an email or an https URL; absent → the owner. */
  privacyContact?: string | null;
  /** Months the page's per-visit reading measures are kept before being aggregated (docs/product.md#reading). */
  readingRetentionMonths?: number;
}

export interface PrivacyNotice {
  /** The whole statement, word for word as shown; stored with the decision. */
  text: string;
  /** The statement up to the privacy contact, the contact itself (a link) and what follows it. */
  before: string;
  link: { label: string; href: string };
  after: string;
}

/** A privacy contact is an email address or an http(s) address (validated in the organization's settings). */
export function privacyContactHref(contact: string): string {
  return contact.includes('@') && !/^https?:\/\//i.test(contact) ? `mailto:${contact}` : contact;
}

export function privacyNotice(input: PrivacyNoticeInput): PrivacyNotice {
  const contact = input.privacyContact?.trim() || input.contactEmail;
  const before =
    `Os seus dados (nome, email, assinatura, endereço IP e navegador) são tratados por ${input.organizationName} ` +
    `(contacto: ${input.contactName}, ${input.contactEmail}) para registar a sua resposta a esta proposta e ` +
    'guardar a prova dessa resposta enquanto a lei o exigir. Para exercer os seus direitos sobre os seus dados, ' +
    'contacte: ';
  // The page also measures reading (docs/product.md#reading): the statement says so, and for how long.
  const months = input.readingRetentionMonths ?? 12;
  const after =
    '. Esta página mede também o tempo de leitura de cada secção (sem cookies e com o endereço IP truncado), ' +
    `para que ${input.organizationName} saiba o que foi lido; ao fim de ${months} ${months === 1 ? 'mês' : 'meses'} ` +
    'esses registos por visita são apagados e ficam apenas totais.';
  return {
    text: `${before}${contact}${after}`,
    before,
    link: { label: contact, href: privacyContactHref(contact) },
    after,
  };
}
