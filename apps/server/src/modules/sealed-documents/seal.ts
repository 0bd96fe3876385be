import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import type { SealKey } from '@/lib/seal-key.ts';
import { CadesSigner, type Timestamper } from './cms-signer.ts';
import { requestTimestamp, type TsaConfig } from './timestamp.ts';

/**
 * Room for the CMS: a 2048/4096-bit RSA signature and a certificate chain fit well inside 16 KB; a timestamp
 * token brings the TSA's signature and certificates (a few KB, more with a long chain), so it gets 32 KB.
 */
const SIGNATURE_LENGTH = 16_384;
const SIGNATURE_LENGTH_WITH_TIMESTAMP = 32_768;

export interface SealOptions {
  /** The claimed signing time, written as the signature dictionary's /M. */
  signingTime?: Date;
  /** The timestamp authority (SEAL_TSA_URL): with it the seal is PAdES B-T, without it B-B. */
  tsa?: TsaConfig;
  /**
   * The timestamp request made elsewhere (a worker thread asks the main thread, modules/pdf-workers); wins over
   * `tsa`. Either way the seal is B-T and gets the room a token needs.
   */
  timestamp?: Timestamper;
  /**
   * A white-label organization's name (docs/product.md#white-label): the signature's name and reason, shown by
   * PDF readers, name it instead of Aceite. The sealing certificate stays the platform's.
   */
  whiteLabelName?: string;
}

/**
 * Seals a finished PDF with a PDF digital signature, PAdES baseline (ETSI EN 319 142-1): CMS detached
 * (SubFilter ETSI.CAdES.detached), SHA-256, the ESS signing-certificate-v2 among the signed attributes, no CMS
 * signing-time (the signing time is the dictionary's /M), the sealing certificate embedded (B-B) and, with a
 * TSA, an RFC 3161 signature timestamp (B-T) (docs/product.md#sealed-certificate; docs/decisions.md, "Issue 33
 * — PAdES baseline B-T"). Any later change to a byte of the covered ranges breaks the signature in every PDF
 * reader. A TSA that fails makes this throw: the seal job retries, it never seals without the promised stamp.
 */
export async function sealPdf(pdf: Uint8Array, key: SealKey, options: SealOptions = {}): Promise<Uint8Array> {
  const signingTime = options.signingTime ?? new Date();
  const { tsa } = options;
  const timestamp =
    options.timestamp ?? (tsa ? (value: Uint8Array) => requestTimestamp(tsa, value) : undefined);
  // updateMetadata: false keeps the rendered file's Creator and Producer (the organization's on a white-label,
  // docs/product.md#white-label) instead of pdf-lib's own.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.whiteLabelName
      ? 'Documento selado: proposta aceite e certificado de aceitação'
      : 'Documento selado pelo Aceite: proposta aceite e certificado de aceitação',
    contactInfo: '',
    name: options.whiteLabelName ?? 'Aceite',
    location: 'Portugal',
    signingTime,
    signatureLength: timestamp ? SIGNATURE_LENGTH_WITH_TIMESTAMP : SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new CadesSigner(key, timestamp);
  const signed = await new SignPdf().sign(withPlaceholder, signer, signingTime);
  return new Uint8Array(signed);
}
