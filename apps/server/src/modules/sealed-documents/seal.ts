import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import type { SealKey } from '@/lib/seal-key.ts';
import { CadesSigner } from './cms-signer.ts';

/** Room for the CMS: a 2048/4096-bit RSA signature and a certificate chain fit well inside 16 KB. */
const SIGNATURE_LENGTH = 16_384;

/**
 * Seals a finished PDF with a PDF digital signature: CMS/PKCS#7 detached (SubFilter ETSI.CAdES.detached),
 * SHA-256, the signing time and the ESS signing-certificate-v2 among the signed attributes (PAdES baseline
 * B-B), and the sealing certificate embedded
 * (docs/product.md#sealed-certificate; docs/decisions.md, "Sealed certificate and verification").
 * Any later change to a byte of the covered ranges breaks the signature in every PDF reader.
 */
export async function sealPdf(
  pdf: Uint8Array,
  key: SealKey,
  signingTime: Date = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Documento selado pelo Aceite: proposta aceite e certificado de aceitação',
    contactInfo: '',
    name: 'Aceite',
    location: 'Portugal',
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new CadesSigner(key);
  const signed = await new SignPdf().sign(withPlaceholder, signer, signingTime);
  return new Uint8Array(signed);
}
