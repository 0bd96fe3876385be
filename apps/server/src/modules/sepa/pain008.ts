import {
  isValidSepaBic,
  isValidSepaIban,
  normalizeBic,
  normalizeIban,
} from '@aceite/shared/sepa/bank-account';
import {
  isValidCreditorIdentifier,
  normalizeCreditorIdentifier,
} from '@aceite/shared/sepa/creditor-identifier';
import {
  isSepaIdentifier,
  SEPA_ID_MAX,
  SEPA_NAME_MAX,
  SEPA_REMITTANCE_MAX,
  sepaText,
} from '@aceite/shared/sepa/text';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/*
 * The SEPA Core Direct Debit file a bank accepts (issue 39, docs/product.md#sepa-direct-debit): ISO 20022
 * `pain.008.001.02` (what Portuguese banks take, the EPC's implementation guidelines) or `pain.008.001.08`.
 * Pure: the creditor and the collections in, the XML out. Every text goes through the XML builder, which
 * escapes it (never string concatenation); amounts are integer cents, summed as integers and written with two
 * decimals. One `PmtInf` per sequence type and collection date, each with its own count and sum.
 */

export type Pain008Version = '001.02' | '001.08';
export type SequenceType = 'FRST' | 'RCUR' | 'OOFF' | 'FNAL';

export interface Pain008Creditor {
  name: string;
  creditorIdentifier: string;
  iban: string;
  bic: string | null;
}

/** What changed in the mandate since the last collection (EPC rulebook, "amendment"): the file says so. */
export interface MandateAmendment {
  /** The mandate reference before it changed. */
  originalMandateId?: string;
  /** The creditor (name and identifier) before it changed. */
  originalCreditor?: { name?: string; creditorIdentifier?: string };
  /** The debtor's IBAN before it changed, at the same bank. */
  originalDebtorIban?: string;
  /** The debtor moved to another bank: `SMNDA` (and the collection must be a FRST). */
  debtorChangedBank?: boolean;
}

export interface Pain008Collection {
  endToEndId: string;
  mandateId: string;
  /** YYYY-MM-DD. */
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  debtorBic?: string | null;
  /** Integer cents, more than 0. */
  amountCents: number;
  sequenceType: SequenceType;
  /** YYYY-MM-DD: the date the debtor's account is debited. */
  collectionDate: string;
  remittance: string;
  amendment?: MandateAmendment;
}

export interface Pain008Options {
  version?: Pain008Version;
  /** Unique per file and creditor (the bank refuses a repeated one): at most 35 characters. */
  messageId: string;
  createdAt: Date;
}

/** A file that cannot be written as asked: a programming error upstream, never a user's text. */
export class Pain008Error extends Error {}

const SEQUENCE_ORDER: SequenceType[] = ['FRST', 'RCUR', 'OOFF', 'FNAL'];
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** ISO 20022's ActiveOrHistoricCurrencyAndAmount: at most 18 digits, 2 of them decimals; EPC: at most 999999999.99. */
const MAX_CENTS = 99_999_999_999;

export function namespaceOf(version: Pain008Version): string {
  return `urn:iso:std:iso:20022:tech:xsd:pain.008.${version}`;
}

/** Integer cents as the file writes them: "1234.50". */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Pain008Error(message);
}

function validate(creditor: Pain008Creditor, collections: Pain008Collection[], options: Pain008Options) {
  check(collections.length > 0, 'a SEPA file needs at least one collection');
  check(isSepaIdentifier(options.messageId), `message id "${options.messageId}" is not a SEPA identifier`);
  check(isValidCreditorIdentifier(creditor.creditorIdentifier), 'creditor identifier invalid');
  check(isValidSepaIban(creditor.iban), 'creditor IBAN invalid');
  check(creditor.bic === null || isValidSepaBic(creditor.bic), 'creditor BIC invalid');
  const seen = new Set<string>();
  for (const [i, c] of collections.entries()) {
    const where = `collection ${i + 1}`;
    check(
      isSepaIdentifier(c.endToEndId),
      `${where}: EndToEndId is not a SEPA identifier of at most ${SEPA_ID_MAX}`,
    );
    check(!seen.has(c.endToEndId), `${where}: EndToEndId ${c.endToEndId} repeated`);
    seen.add(c.endToEndId);
    check(
      isSepaIdentifier(c.mandateId),
      `${where}: mandate id is not a SEPA identifier of at most ${SEPA_ID_MAX}`,
    );
    check(ISO_DATE.test(c.mandateSignedOn), `${where}: mandate signature date not YYYY-MM-DD`);
    check(ISO_DATE.test(c.collectionDate), `${where}: collection date not YYYY-MM-DD`);
    check(
      Number.isSafeInteger(c.amountCents) && c.amountCents > 0 && c.amountCents <= MAX_CENTS,
      `${where}: amount`,
    );
    check(SEQUENCE_ORDER.includes(c.sequenceType), `${where}: sequence type`);
    check(isValidSepaIban(c.debtorIban), `${where}: debtor IBAN invalid`);
    check(!c.debtorBic || isValidSepaBic(c.debtorBic), `${where}: debtor BIC invalid`);
    check(sepaText(c.debtorName, SEPA_NAME_MAX).length > 0, `${where}: debtor name empty`);
    const a = c.amendment;
    if (a) {
      check(!a.originalMandateId || isSepaIdentifier(a.originalMandateId), `${where}: original mandate id`);
      check(
        !a.originalCreditor?.creditorIdentifier ||
          isValidCreditorIdentifier(a.originalCreditor.creditorIdentifier),
        `${where}: original creditor identifier`,
      );
      check(!a.originalDebtorIban || isValidSepaIban(a.originalDebtorIban), `${where}: original debtor IBAN`);
      check(
        !a.debtorChangedBank || c.sequenceType === 'FRST',
        `${where}: a change of bank is collected as FRST`,
      );
    }
  }
}

/** A bank by its BIC, or `NOTPROVIDED` when the IBAN alone names it (inside the EEA; docs/decisions.md, "SEPA"). */
function agent(parent: XMLBuilder, name: string, bic: string | null | undefined, version: Pain008Version) {
  const fin = parent.ele(name).ele('FinInstnId');
  if (bic) fin.ele(version === '001.02' ? 'BIC' : 'BICFI').txt(normalizeBic(bic));
  else fin.ele('Othr').ele('Id').txt('NOTPROVIDED');
}

function account(parent: XMLBuilder, name: string, iban: string) {
  parent.ele(name).ele('Id').ele('IBAN').txt(normalizeIban(iban));
}

function schemeId(parent: XMLBuilder, creditorIdentifier: string) {
  const othr = parent.ele('Id').ele('PrvtId').ele('Othr');
  othr.ele('Id').txt(normalizeCreditorIdentifier(creditorIdentifier));
  othr.ele('SchmeNm').ele('Prtry').txt('SEPA');
}

function amendmentDetails(parent: XMLBuilder, a: MandateAmendment) {
  const details = parent.ele('AmdmntInfDtls');
  if (a.originalMandateId) details.ele('OrgnlMndtId').txt(a.originalMandateId);
  if (a.originalCreditor) {
    const party = details.ele('OrgnlCdtrSchmeId');
    if (a.originalCreditor.name) party.ele('Nm').txt(sepaText(a.originalCreditor.name, SEPA_NAME_MAX));
    if (a.originalCreditor.creditorIdentifier) schemeId(party, a.originalCreditor.creditorIdentifier);
  }
  if (a.originalDebtorIban) account(details, 'OrgnlDbtrAcct', a.originalDebtorIban);
  if (a.debtorChangedBank) details.ele('OrgnlDbtrAgt').ele('FinInstnId').ele('Othr').ele('Id').txt('SMNDA');
}

/** The collections grouped as the file's `PmtInf`: by collection date, then sequence type. */
export function groupCollections(collections: Pain008Collection[]) {
  const groups = new Map<
    string,
    { sequenceType: SequenceType; collectionDate: string; items: Pain008Collection[] }
  >();
  for (const c of collections) {
    const key = `${c.collectionDate}|${c.sequenceType}`;
    const group = groups.get(key) ?? {
      sequenceType: c.sequenceType,
      collectionDate: c.collectionDate,
      items: [],
    };
    group.items.push(c);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.collectionDate.localeCompare(b.collectionDate) ||
      SEQUENCE_ORDER.indexOf(a.sequenceType) - SEQUENCE_ORDER.indexOf(b.sequenceType),
  );
}

const sumCents = (items: Pain008Collection[]) => items.reduce((sum, c) => sum + c.amountCents, 0);

/** Writes the file. Throws `Pain008Error` when the input could not make a file the bank accepts. */
export function buildPain008(
  creditor: Pain008Creditor,
  collections: Pain008Collection[],
  options: Pain008Options,
): string {
  const version = options.version ?? '001.02';
  validate(creditor, collections, options);
  const creditorName = sepaText(creditor.name, SEPA_NAME_MAX);

  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(namespaceOf(version), 'Document')
    .ele('CstmrDrctDbtInitn');
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(options.messageId);
  // ISODateTime without a zone, in UTC, as the EPC's examples write it.
  header.ele('CreDtTm').txt(options.createdAt.toISOString().slice(0, 19));
  header.ele('NbOfTxs').txt(String(collections.length));
  header.ele('CtrlSum').txt(formatCents(sumCents(collections)));
  header.ele('InitgPty').ele('Nm').txt(creditorName);

  for (const [index, group] of groupCollections(collections).entries()) {
    const info = root.ele('PmtInf');
    // Unique within the message: the message id (cut to leave room) and the group's number.
    info.ele('PmtInfId').txt(`${options.messageId.slice(0, SEPA_ID_MAX - 4)}-${index + 1}`);
    info.ele('PmtMtd').txt('DD');
    info.ele('NbOfTxs').txt(String(group.items.length));
    info.ele('CtrlSum').txt(formatCents(sumCents(group.items)));
    const type = info.ele('PmtTpInf');
    type.ele('SvcLvl').ele('Cd').txt('SEPA');
    type.ele('LclInstrm').ele('Cd').txt('CORE');
    type.ele('SeqTp').txt(group.sequenceType);
    info.ele('ReqdColltnDt').txt(group.collectionDate);
    info.ele('Cdtr').ele('Nm').txt(creditorName);
    account(info, 'CdtrAcct', creditor.iban);
    agent(info, 'CdtrAgt', creditor.bic, version);
    info.ele('ChrgBr').txt('SLEV');
    schemeId(info.ele('CdtrSchmeId'), creditor.creditorIdentifier);

    for (const c of group.items) {
      const tx = info.ele('DrctDbtTxInf');
      tx.ele('PmtId').ele('EndToEndId').txt(c.endToEndId);
      tx.ele('InstdAmt', { Ccy: 'EUR' }).txt(formatCents(c.amountCents));
      const mandate = tx.ele('DrctDbtTx').ele('MndtRltdInf');
      mandate.ele('MndtId').txt(c.mandateId);
      mandate.ele('DtOfSgntr').txt(c.mandateSignedOn);
      mandate.ele('AmdmntInd').txt(c.amendment ? 'true' : 'false');
      if (c.amendment) amendmentDetails(mandate, c.amendment);
      agent(tx, 'DbtrAgt', c.debtorBic, version);
      tx.ele('Dbtr').ele('Nm').txt(sepaText(c.debtorName, SEPA_NAME_MAX));
      account(tx, 'DbtrAcct', c.debtorIban);
      const remittance = sepaText(c.remittance, SEPA_REMITTANCE_MAX);
      if (remittance) tx.ele('RmtInf').ele('Ustrd').txt(remittance);
    }
  }
  return root.end({ prettyPrint: true });
}
