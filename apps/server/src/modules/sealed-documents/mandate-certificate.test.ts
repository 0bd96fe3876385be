import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sepaMandateText } from '@aceite/shared/sepa/mandate-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSealKey } from '@/lib/seal-key.ts';
import { renderProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { thirtyItemProposal } from '@/modules/proposal-pdf/proposal-pdf.sample.ts';
import { assertOcrTools, normalizeOcr, ocrPdf } from '@/test/pdf-ocr.ts';
import { opensslVerifies, pdfsigReport } from '@/test/pdf-seal.ts';
import { type CertificateData, type CertificateMandate, certificateAppendix } from './certificate.ts';
import { sealPdf } from './seal.ts';

/*
 * The SEPA mandate on the sealed PDF's certificate (issue 39, docs/product.md#the-mandate-at-acceptance): read
 * back by poppler's pdftotext and by OCR (what a person sees), and the seal still verifies.
 */

const MANDATE: CertificateMandate = {
  reference: 'ORC-2026-0042-M1',
  signedAt: '2026-07-01T13:05:09.000Z',
  debtorName: 'Joana Conceição Lima',
  ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
  debtorBic: null,
  creditorName: 'Açores Digital, Lda.',
  creditorIdentifier: 'PT19ZZZ101148',
  schedule: [
    { sequence: 1, sequenceType: 'FRST', collectionDate: '2026-07-10', amountCents: 41_000 },
    { sequence: 2, sequenceType: 'RCUR', collectionDate: '2026-08-10', amountCents: 41_000 },
    { sequence: 3, sequenceType: 'FNAL', collectionDate: '2026-09-10', amountCents: 41_000 },
  ],
};

const certificate: CertificateData = {
  proposalTitle: 'Avença de contabilidade',
  organizationName: 'Açores Digital, Lda.',
  decision: 'accepted',
  signerName: 'Joana Conceição Lima',
  signerEmail: 'joana@lima.pt',
  signatureImage: null,
  decidedAt: new Date('2026-07-01T13:05:09Z'),
  ip: '203.0.113.77',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile Safari/537.36',
  version: 2,
  contentSha256: '0123456789abcdef'.repeat(4),
  events: ['2026-07-01 13:05:09 UTC · Aceite'],
  verificationCode: 'ABCD-EFGH-JKMN',
  verificationUrl: 'https://aceite.example/verificar?codigo=ABCD-EFGH-JKMN',
  timestampAuthority: null,
  mandate: MANDATE,
};

let sealed: Buffer;
let lastPage: string;

beforeAll(async () => {
  const document = await renderProposalPdf(thirtyItemProposal(), certificateAppendix(certificate));
  sealed = Buffer.from(await sealPdf(document, generateSealKey()));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-mandate-'));
  const file = path.join(dir, 'sealed.pdf');
  writeFileSync(file, sealed);
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  lastPage = pages.filter((p) => p.includes('Certificado de aceitação')).join('\n');
});

describe('the mandate on the sealed certificate', () => {
  it('prints the mandate, the IBAN masked, the schedule and the scheme text (pdftotext)', () => {
    const text = lastPage.replace(/\s+/g, ' ');
    for (const expected of [
      'Autorização de Débito Direto SEPA (esquema Core)',
      'ORC-2026-0042-M1',
      'Joana Conceição Lima',
      'PT50 •••• •••• •••• •••• 0154',
      'PT19ZZZ101148',
      '01/07/2026, 14:05:09 (hora de Lisboa)',
      '10/07/2026 · 410,00 € · primeira (FRST)',
      '10/08/2026 · 410,00 € · recorrente (RCUR)',
      '10/09/2026 · 410,00 € · última (FNAL)',
      'oito semanas',
    ]) {
      expect(text).toContain(expected);
    }
    // The words are those of the one home the page shows too.
    const [, authorisation] = sepaMandateText({ ...MANDATE });
    expect(text).toContain((authorisation ?? '').slice(0, 60));
    expect(text).not.toContain('0002');
  });

  it('reads the same on the rendered page (poppler + Tesseract)', async () => {
    assertOcrTools();
    const pages = await ocrPdf(new Uint8Array(sealed), 'poppler');
    const seen = normalizeOcr(pages.slice(-2).join(' '));
    for (const expected of [
      'Autorização de Débito Direto SEPA',
      'ORC-2026-0042-M1',
      'Joana Conceição Lima',
      '101148',
      'Referência da autorização: ORC-2026-0042-M1',
      // The masked IBAN's dots are no letters for Tesseract: pdftotext above reads it whole.
      'oito semanas',
      'reembolsado',
    ]) {
      expect(seen).toContain(expected);
    }
  }, 120_000);

  it('is sealed: openssl and poppler verify the signature', () => {
    expect(opensslVerifies(sealed)).toBe(true);
    expect(pdfsigReport(sealed)).toMatch(/Signature Validation: Signature is Valid\./);
  });
});
