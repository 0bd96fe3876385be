import { describe, expect, it } from 'vitest';
import { renderProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { thirtyItemProposal } from '@/modules/proposal-pdf/proposal-pdf.sample.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';
import { type CertificateData, certificateAppendix } from './certificate.ts';

/*
 * The sealed certificate of a white-label organization (docs/product.md#white-label), read back by pdftotext:
 * no platform named, the independent verification link on the organization's domain. ("Aceite" alone is also
 * the Portuguese word for "accepted", the decision the page records, so the platform's phrases are checked.)
 */

const certificate = (whiteLabel: boolean): CertificateData => ({
  proposalTitle: 'Avença de contabilidade',
  organizationName: 'Empresa Branca, Lda.',
  decision: 'signed',
  signerName: 'Joana Lima',
  signerEmail: 'joana@lima.pt',
  signatureImage: null,
  decidedAt: new Date('2026-07-01T13:05:09Z'),
  ip: '203.0.113.77',
  userAgent: 'Mozilla/5.0',
  version: 2,
  contentSha256: '0123456789abcdef'.repeat(4),
  events: [],
  verificationCode: 'ABCD-EFGH-JKMN',
  verificationUrl: whiteLabel
    ? 'https://propostas.branca.pt/verificar?codigo=ABCD-EFGH-JKMN'
    : 'https://aceite.example/verificar?codigo=ABCD-EFGH-JKMN',
  timestampAuthority: 'freetsa.org',
  whiteLabel,
});

async function certificateText(whiteLabel: boolean): Promise<string> {
  const bytes = await renderProposalPdf(thirtyItemProposal(), certificateAppendix(certificate(whiteLabel)));
  const pages = await pdfPagesText(bytes);
  return pages
    .filter((p) => p.includes('Certificado de aceitação'))
    .join('\n')
    .replace(/\s+/g, ' ');
}

describe('the white-label certificate page', () => {
  it('names no platform and keeps an independent verification link on the organization’s domain', async () => {
    const marked = await certificateText(false);
    expect(marked).toContain('selado pelo Aceite');
    const text = await certificateText(true);
    expect(text).toContain('https://propostas.branca.pt/verificar?codigo=ABCD-EFGH-JKMN');
    expect(text).toContain('Confirme que este ficheiro foi selado e não foi alterado em:');
    for (const phrase of ['pelo Aceite', 'da Aceite', 'do Aceite', 'aceite.example']) {
      expect(text).not.toContain(phrase);
    }
  });
});
