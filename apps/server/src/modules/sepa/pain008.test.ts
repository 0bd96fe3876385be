import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { PAIN008_COLLECTION, PAIN008_CREDITOR, PAIN008_OPTIONS } from '@/test/pain008-fixtures.ts';
import {
  buildPain008,
  formatCents,
  namespaceOf,
  type Pain008Collection,
  type Pain008Creditor,
  Pain008Error,
  type Pain008Version,
} from './pain008.ts';

/*
 * The pain.008 file (issue 39, docs/product.md#sepa-direct-debit): every element the EPC SEPA Core rulebook
 * and its implementation guidelines ask for, read back from the XML (never matched as text).
 */

const CREDITOR = PAIN008_CREDITOR;
const base = PAIN008_COLLECTION;

const COLLECTIONS: Pain008Collection[] = [
  base,
  {
    ...base,
    endToEndId: 'ACEITE-0002-1',
    mandateId: 'ACEITE-M-0002',
    amountCents: 10,
    debtorBic: 'BCOMPTPL',
  },
  {
    ...base,
    endToEndId: 'ACEITE-0003-2',
    mandateId: 'ACEITE-M-0003',
    sequenceType: 'RCUR',
    amountCents: 99_999,
  },
  {
    ...base,
    endToEndId: 'ACEITE-0004-1',
    mandateId: 'ACEITE-M-0004',
    sequenceType: 'OOFF',
    amountCents: 100_000,
  },
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
    endToEndId: 'ACEITE-0006-3',
    mandateId: 'ACEITE-M-0006',
    sequenceType: 'RCUR',
    collectionDate: '2027-01-05',
    amountCents: 1_00,
  },
];

const OPTIONS = PAIN008_OPTIONS;

// biome-ignore lint/suspicious/noExplicitAny: the parsed XML is checked field by field below.
type Node = any;

/** Where the schema allows repetition: read as arrays, so one element reads like many. */
const REPEATED = ['PmtInf', 'DrctDbtTxInf'];

/**
 * The XML read back through a DOM parser (xmlbuilder2's own): an element of text alone is its text, unescaped;
 * attributes are `@_name`, the text beside them `#text`.
 */
interface XmlElement {
  childNodes: Iterable<XmlElement>;
  attributes: Iterable<{ name: string; value: string }>;
  textContent: string | null;
  localName: string;
  nodeType: number;
}

function toObject(element: XmlElement): Node {
  const children = [...element.childNodes].filter((n) => n.nodeType === 1);
  const attributes = [...element.attributes];
  if (children.length === 0 && attributes.length === 0) return element.textContent ?? '';
  const out: Node = {};
  for (const a of attributes) out[`@_${a.name}`] = a.value;
  if (children.length === 0) out['#text'] = element.textContent ?? '';
  for (const child of children) {
    const value = toObject(child);
    const name = child.localName;
    if (!REPEATED.includes(name)) out[name] = value;
    else out[name] = [...(out[name] ?? []), value];
  }
  return out;
}

function parseDocument(xml: string): Node {
  const dom = create(xml).node as unknown as { documentElement: XmlElement };
  return { Document: toObject(dom.documentElement) };
}

function parse(xml: string): Node {
  return parseDocument(xml).Document.CstmrDrctDbtInitn;
}

describe.each(['001.02', '001.08'] as Pain008Version[])('pain.008.%s', (version) => {
  const xml = buildPain008(CREDITOR, COLLECTIONS, { ...OPTIONS, version });
  const doc = parse(xml);
  const bicTag = version === '001.02' ? 'BIC' : 'BICFI';

  it('declares its namespace', () => {
    expect(parseDocument(xml).Document['@_xmlns']).toBe(namespaceOf(version));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('counts and sums every collection in the group header, in integer cents', () => {
    expect(doc.GrpHdr.MsgId).toBe('ACEITE-20261129-0001');
    expect(doc.GrpHdr.CreDtTm).toBe('2026-11-29T10:15:30');
    expect(doc.GrpHdr.NbOfTxs).toBe('6');
    // 123.45 + 0.10 + 999.99 + 1000.00 + 0.05 + 1.00
    expect(doc.GrpHdr.CtrlSum).toBe('2124.59');
    expect(doc.GrpHdr.InitgPty.Nm).toBe('Conceicao e Filhos, Lda.');
  });

  it('writes one PmtInf per collection date and sequence type, each with its own count and sum', () => {
    const groups = doc.PmtInf.map((p: Node) => [
      p.ReqdColltnDt,
      p.PmtTpInf.SeqTp,
      p.NbOfTxs,
      p.CtrlSum,
      p.DrctDbtTxInf.map((t: Node) => t.PmtId.EndToEndId),
    ]);
    expect(groups).toEqual([
      ['2026-12-05', 'FRST', '2', '123.55', ['ACEITE-0001-1', 'ACEITE-0002-1']],
      ['2026-12-05', 'RCUR', '1', '999.99', ['ACEITE-0003-2']],
      ['2026-12-05', 'OOFF', '1', '1000.00', ['ACEITE-0004-1']],
      ['2027-01-05', 'RCUR', '1', '1.00', ['ACEITE-0006-3']],
      ['2027-01-05', 'FNAL', '1', '0.05', ['ACEITE-0005-12']],
    ]);
    const ids = doc.PmtInf.map((p: Node) => p.PmtInfId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every PmtInf the scheme, the creditor, its account, its bank and its identifier', () => {
    for (const p of doc.PmtInf) {
      expect(p.PmtMtd).toBe('DD');
      expect(p.PmtTpInf.SvcLvl.Cd).toBe('SEPA');
      expect(p.PmtTpInf.LclInstrm.Cd).toBe('CORE');
      expect(p.Cdtr.Nm).toBe('Conceicao e Filhos, Lda.');
      expect(p.CdtrAcct.Id.IBAN).toBe('PT50000201231234567890154');
      expect(p.CdtrAgt.FinInstnId[bicTag]).toBe('CGDIPTPL');
      expect(p.ChrgBr).toBe('SLEV');
      expect(p.CdtrSchmeId.Id.PrvtId.Othr).toEqual({ Id: 'PT19ZZZ101148', SchmeNm: { Prtry: 'SEPA' } });
    }
  });

  it('writes each collection: its id, amount in euros, mandate, debtor, bank, account and text', () => {
    const first = doc.PmtInf[0].DrctDbtTxInf[0];
    expect(first.PmtId.EndToEndId).toBe('ACEITE-0001-1');
    expect(first.InstdAmt).toEqual({ '#text': '123.45', '@_Ccy': 'EUR' });
    expect(first.DrctDbtTx.MndtRltdInf).toEqual({
      MndtId: 'ACEITE-M-0001',
      DtOfSgntr: '2026-11-02',
      AmdmntInd: 'false',
    });
    // No BIC: the IBAN names the bank (inside the EEA).
    expect(first.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });
    expect(first.Dbtr.Nm).toBe('Ana Sousa');
    expect(first.DbtrAcct.Id.IBAN).toBe('PT50000201231234567890154');
    expect(first.RmtInf.Ustrd).toBe('Proposta PROP-2026-0001, prestacao 1 de 12');
    expect(doc.PmtInf[0].DrctDbtTxInf[1].DbtrAgt.FinInstnId[bicTag]).toBe('BCOMPTPL');
    expect(doc.PmtInf[0].DrctDbtTxInf[1].InstdAmt['#text']).toBe('0.10');
  });
});

describe('the amendment of a mandate', () => {
  it('says what changed: the reference, the creditor, the account, or the bank (SMNDA)', () => {
    const xml = buildPain008(
      CREDITOR,
      [
        {
          ...base,
          amendment: {
            originalMandateId: 'ANTIGO-1',
            originalCreditor: { name: 'Nome Antigo', creditorIdentifier: 'DE98ZZZ09999999999' },
            originalDebtorIban: 'PT50000201231234567890154',
          },
        },
        { ...base, endToEndId: 'ACEITE-0009-1', amendment: { debtorChangedBank: true } },
      ],
      OPTIONS,
    );
    const [changed, moved] = parse(xml).PmtInf[0].DrctDbtTxInf;
    expect(changed.DrctDbtTx.MndtRltdInf.AmdmntInd).toBe('true');
    expect(changed.DrctDbtTx.MndtRltdInf.AmdmntInfDtls).toEqual({
      OrgnlMndtId: 'ANTIGO-1',
      OrgnlCdtrSchmeId: {
        Nm: 'Nome Antigo',
        Id: { PrvtId: { Othr: { Id: 'DE98ZZZ09999999999', SchmeNm: { Prtry: 'SEPA' } } } },
      },
      OrgnlDbtrAcct: { Id: { IBAN: 'PT50000201231234567890154' } },
    });
    expect(moved.DrctDbtTx.MndtRltdInf.AmdmntInfDtls).toEqual({
      OrgnlDbtrAgt: { FinInstnId: { Othr: { Id: 'SMNDA' } } },
    });
  });

  it('refuses a change of bank collected other than as FRST', () => {
    expect(() =>
      buildPain008(
        CREDITOR,
        [{ ...base, sequenceType: 'RCUR', amendment: { debtorChangedBank: true } }],
        OPTIONS,
      ),
    ).toThrow(Pain008Error);
  });
});

describe('texts and limits', () => {
  it('escapes < & > and quotes in names and texts: the XML stays whole and reads back the same', () => {
    const xml = buildPain008(
      { ...CREDITOR, name: 'A <b> & "C"' },
      [{ ...base, debtorName: 'Silva & Filhos <Lda>', remittance: 'Fatura </Ustrd><Hack/> & "x"' }],
      OPTIONS,
    );
    expect(xml).not.toContain('<Hack/>');
    expect(xml).toContain('Silva &amp; Filhos &lt;Lda&gt;');
    const tx = parse(xml).PmtInf[0].DrctDbtTxInf[0];
    expect(tx.Dbtr.Nm).toBe('Silva & Filhos <Lda>');
    expect(tx.RmtInf.Ustrd).toBe('Fatura </Ustrd><Hack/> & "x"');
  });

  it('cuts names to 70 characters and the remittance text to 140', () => {
    const xml = buildPain008(
      { ...CREDITOR, name: 'C'.repeat(90) },
      [{ ...base, debtorName: 'D'.repeat(90), remittance: 'R'.repeat(200) }],
      OPTIONS,
    );
    const doc = parse(xml);
    expect(doc.GrpHdr.InitgPty.Nm).toHaveLength(70);
    expect(doc.PmtInf[0].Cdtr.Nm).toHaveLength(70);
    expect(doc.PmtInf[0].DrctDbtTxInf[0].Dbtr.Nm).toHaveLength(70);
    expect(doc.PmtInf[0].DrctDbtTxInf[0].RmtInf.Ustrd).toHaveLength(140);
  });

  it('refuses identifiers longer than 35 characters rather than cutting them (a cut one could repeat)', () => {
    expect(() => buildPain008(CREDITOR, [{ ...base, endToEndId: 'E'.repeat(36) }], OPTIONS)).toThrow(
      Pain008Error,
    );
    expect(() => buildPain008(CREDITOR, [{ ...base, mandateId: 'M'.repeat(36) }], OPTIONS)).toThrow(
      Pain008Error,
    );
    expect(() => buildPain008(CREDITOR, [base], { ...OPTIONS, messageId: 'X'.repeat(36) })).toThrow(
      Pain008Error,
    );
    expect(() => buildPain008(CREDITOR, [{ ...base, endToEndId: 'E'.repeat(35) }], OPTIONS)).not.toThrow();
  });

  it('refuses a repeated EndToEndId, an empty file, a wrong amount, IBAN, date or creditor identifier', () => {
    const bad: [Pain008Creditor, Pain008Collection[]][] = [
      [CREDITOR, [base, { ...base, mandateId: 'OUTRO' }]],
      [CREDITOR, []],
      [CREDITOR, [{ ...base, amountCents: 0 }]],
      [CREDITOR, [{ ...base, amountCents: 12.5 }]],
      [CREDITOR, [{ ...base, amountCents: 100_000_000_000 }]],
      [CREDITOR, [{ ...base, debtorIban: 'PT50000201231234567890155' }]],
      [CREDITOR, [{ ...base, collectionDate: '05/12/2026' }]],
      [CREDITOR, [{ ...base, debtorName: '   ' }]],
      [{ ...CREDITOR, creditorIdentifier: 'PT18ZZZ101148' }, [base]],
    ];
    for (const [creditor, collections] of bad) {
      expect(() => buildPain008(creditor, collections, OPTIONS), JSON.stringify(collections)).toThrow(
        Pain008Error,
      );
    }
  });

  it('writes amounts from integer cents with two decimals', () => {
    expect(formatCents(1)).toBe('0.01');
    expect(formatCents(100)).toBe('1.00');
    expect(formatCents(99_999_999_999)).toBe('999999999.99');
  });
});
