import type { Pain008Collection, Pain008Creditor } from '@/modules/sepa/pain008.ts';

/** The pain.008 writer's tests' creditor, first collection and options (pain008.test.ts, pain008.xsd.test.ts). */
export const PAIN008_CREDITOR: Pain008Creditor = {
  name: 'Conceição e Filhos, Lda.',
  creditorIdentifier: 'PT19ZZZ101148',
  iban: 'PT50000201231234567890154',
  bic: 'CGDIPTPL',
};

export const PAIN008_COLLECTION: Pain008Collection = {
  endToEndId: 'ACEITE-0001-1',
  mandateId: 'ACEITE-M-0001',
  mandateSignedOn: '2026-11-02',
  debtorName: 'Ana Sousa',
  debtorIban: 'PT50000201231234567890154',
  amountCents: 12_345,
  sequenceType: 'FRST',
  collectionDate: '2026-12-05',
  remittance: 'Proposta PROP-2026-0001, prestação 1 de 12',
};

export const PAIN008_OPTIONS = {
  messageId: 'ACEITE-20261129-0001',
  createdAt: new Date('2026-11-29T10:15:30.123Z'),
};
