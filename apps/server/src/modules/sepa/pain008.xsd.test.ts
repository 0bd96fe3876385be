import { describe, expect, it } from 'vitest';
import { PAIN008_COLLECTION, PAIN008_CREDITOR, PAIN008_OPTIONS } from '@/test/pain008-fixtures.ts';
import { PAIN008_001_02_XSD_SHA256, pain008SchemaErrors } from '@/test/pain008-xsd.ts';
import { buildPain008 } from './pain008.ts';

/*
 * The pain.008.001.02 file against the official ISO 20022 schema (issue 39): the schema is vendored unchanged
 * from Debian's registry (test/xsd/SOURCE.md) and read by libxml2. The structural tests of pain008.test.ts check
 * the rulebook's rules the schema cannot (counts, sums, one PmtInf per sequence type and date).
 */

const CREDITOR = PAIN008_CREDITOR;
const base = PAIN008_COLLECTION;

const OPTIONS = PAIN008_OPTIONS;

describe('pain.008.001.02 against the official ISO 20022 schema', () => {
  it('is the schema brought in, unchanged', () => {
    expect(PAIN008_001_02_XSD_SHA256).toBe(
      '09b13e91fcde87f3153a4a417c866008fbc3d8a91706c0b24ff2bf4a18b56429',
    );
  });

  it('accepts a file with every sequence type, two dates, a debtor BIC or none, and amended mandates', async () => {
    const xml = buildPain008(
      { ...CREDITOR, bic: null },
      [
        base,
        {
          ...base,
          endToEndId: 'ACEITE-0002-1',
          mandateId: 'ACEITE-M-0002',
          amountCents: 10,
          debtorBic: 'BCOMPTPL',
        },
        { ...base, endToEndId: 'ACEITE-0003-2', mandateId: 'ACEITE-M-0003', sequenceType: 'RCUR' },
        { ...base, endToEndId: 'ACEITE-0004-1', mandateId: 'ACEITE-M-0004', sequenceType: 'OOFF' },
        {
          ...base,
          endToEndId: 'ACEITE-0005-12',
          mandateId: 'ACEITE-M-0005',
          sequenceType: 'FNAL',
          collectionDate: '2027-01-05',
          amountCents: 5,
        },
        {
          ...base,
          endToEndId: 'ACEITE-0006-1',
          mandateId: 'ACEITE-M-0006',
          amendment: {
            originalMandateId: 'ANTIGO-1',
            originalCreditor: { name: 'Nome Antigo', creditorIdentifier: 'DE98ZZZ09999999999' },
            originalDebtorIban: 'PT50000201231234567890154',
          },
        },
        {
          ...base,
          endToEndId: 'ACEITE-0007-1',
          mandateId: 'ACEITE-M-0007',
          amendment: { debtorChangedBank: true },
        },
      ],
      OPTIONS,
    );
    expect(await pain008SchemaErrors(xml)).toEqual([]);
  });

  it('accepts names and texts at their longest, with characters outside the SEPA set', async () => {
    const xml = buildPain008(
      { ...CREDITOR, name: `Ç${'a'.repeat(200)} & <Lda>` },
      [{ ...base, debtorName: `Júlia ${'ã'.repeat(200)}`, remittance: `€ ${'x'.repeat(300)} </Ustrd>` }],
      OPTIONS,
    );
    expect(await pain008SchemaErrors(xml)).toEqual([]);
  });

  it('refuses a file the banks would refuse (so the check bites)', async () => {
    const xml = buildPain008(CREDITOR, [base], OPTIONS);
    expect(await pain008SchemaErrors(xml.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>FIRST</SeqTp>'))).not.toEqual(
      [],
    );
    // MsgId is at most 35 characters.
    expect(await pain008SchemaErrors(xml.replace(OPTIONS.messageId, 'M'.repeat(36)))).not.toEqual([]);
  });
});
