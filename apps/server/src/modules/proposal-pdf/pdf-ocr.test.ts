import { pricedLines } from '@aceite/shared/agreed';
import { formatMoney } from '@aceite/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSealKey, type SealKey } from '@/lib/seal-key.ts';
import { PdfWorkers } from '@/modules/pdf-workers/pdf-workers.ts';
import type { CertificateData } from '@/modules/sealed-documents/certificate.ts';
import { assertOcrTools, compactOcr, normalizeOcr, ocrPdf, type PdfRasterizer } from '@/test/pdf-ocr.ts';
import { type ProposalPdfData, renderProposalPdf } from './proposal-pdf.renderer.ts';
import { thirtyItemProposal } from './proposal-pdf.sample.ts';

/**
 * What a person sees (docs/decisions.md, "Issue 33 — PDF fonts that render everywhere"): every page of the
 * proposal PDF and of the sealed PDF, drawn by poppler and by MuPDF, read back by Tesseract's Portuguese
 * model. Text extraction alone passed while the embedded font drew most letters blank.
 */

const SIGNER = 'Łukasz Conceição Simão';

/** A proposal of the size a desktop user typically writes: one page, four lines, accents everywhere. */
function desktopProposal(): ProposalPdfData {
  return {
    organization: { name: 'Açores Digital, Lda.', primaryColor: '#1864ab', logo: null, taxId: '509876543' },
    number: 'ORC 2026/0038',
    title: 'Manutenção anual — Óbidos',
    description: 'Contrato de manutenção preventiva com visitas trimestrais.',
    client: { name: SIGNER, company: 'Padaria São Brás', taxId: null },
    owner: { name: 'Inês Gonçalves', email: 'ines@acores.pt' },
    content: {
      blocks: [{ title: 'Condições', content: 'Pagamento a 30 dias após cada visita.' }],
      items: [
        ['Instalação de câmaras', 2, 45000],
        ['Formação da equipa', 1, 18000],
        ['Licença anual de gestão', 1, 29900],
        ['Deslocações à obra', 4, 3500],
      ].map(([name, quantity, unitPrice]) => ({
        name: String(name),
        description: '',
        quantity: Number(quantity),
        unit: 'un.',
        unitPrice: Number(unitPrice),
        discount: 0,
        tax: null,
        exemption: null,
      })),
    },
    discountType: 'percentage',
    discountValue: 0,
    taxRate: 23,
    validUntil: '2026-12-31',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

/**
 * A proposal written on a phone and signed there: typographic quotes and an ellipsis from the phone's keyboard,
 * an optional line the client dropped and a quantity they raised, so the PDF lists the signed configuration.
 */
function phoneProposal(): ProposalPdfData {
  const base = desktopProposal();
  return {
    ...base,
    number: 'ORC 2026/0041',
    title: 'Obra “Casa do Largo” — fase 2…',
    description: 'Enviado do telemóvel.\nVisita na próxima semana.',
    content: {
      blocks: [],
      items: [
        { ...base.content.items[0], name: 'Remodelação da cozinha', quantity: 1, unitPrice: 480000 },
        {
          ...base.content.items[1],
          name: 'Pintura da sala',
          quantity: 2,
          unitPrice: 35000,
          minQuantity: 1,
          maxQuantity: 4,
        },
        {
          ...base.content.items[2],
          name: 'Limpeza final',
          quantity: 1,
          unitPrice: 12000,
          optional: 'selected',
        },
      ] as ProposalPdfData['content']['items'],
    },
    choice: {
      items: [
        { index: 0, selected: true, quantity: 1 },
        { index: 1, selected: true, quantity: 3 },
        { index: 2, selected: false, quantity: 1 },
      ],
    },
  };
}

/** The 30-item proposal of the renderer tests (three pages), prepared for the same signer. */
function longProposal(): ProposalPdfData {
  const data = thirtyItemProposal();
  return { ...data, client: { name: SIGNER, company: 'Pão & Companhia, S.A.' } };
}

function certificate(data: ProposalPdfData): CertificateData {
  return {
    proposalTitle: data.title,
    organizationName: data.organization.name,
    decision: 'accepted',
    signerName: SIGNER,
    signerEmail: 'lukasz@padaria.pt',
    signatureImage: null,
    decidedAt: new Date('2026-11-25T15:04:05Z'),
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile Safari/537.36',
    version: 2,
    contentSha256: '0123456789abcdef'.repeat(4),
    events: ['2026-11-25 15:04:05 UTC · Aceite pelo cliente'],
    verificationCode: 'ABCD-EFGH-JKMN',
    verificationUrl: 'https://aceite.example/verificar?codigo=ABCD-EFGH-JKMN',
    timestampAuthority: null,
  };
}

/**
 * Tesseract's Portuguese model has no Ł (it reads the glyph as "t" or "L"): what is checked is that a letter
 * is drawn there — not "?" (a font without Ł) and not nothing (a blank glyph) — and the rest of the name.
 */
const SIGNER_READ = /(^|\s)[^\s?]ukasz Conceição Simão/;

const RASTERIZERS: PdfRasterizer[] = ['poppler', 'mupdf'];

function expectsProposal(pages: string[], data: ProposalPdfData) {
  const text = normalizeOcr(pages.join('\n'));
  const compact = compactOcr(text);
  expect(text).toContain(normalizeOcr(data.title));
  expect(text).toContain(data.organization.name);
  expect(text).toMatch(SIGNER_READ);
  // The lines and totals the document must show: the signed configuration when there is one.
  const { chosen, lines, totals } = pricedLines({ ...data, items: data.content.items });
  for (const item of lines) expect(text).toContain(normalizeOcr(item.name));
  if (chosen) expect(text).toContain('Configuração escolhida pelo cliente');
  // Tesseract reads the totals' labels and figures as two columns: each is looked for on its own.
  expect(text).toContain('Subtotal');
  expect(compact).toContain(compactOcr(formatMoney(totals.subtotal)));
  expect(compact).toContain(compactOcr(formatMoney(totals.taxAmount)));
  expect(compact).toContain(compactOcr(formatMoney(totals.totalValue)));
}

function expectsFooters(pages: string[]) {
  pages.forEach((page, i) => {
    expect(normalizeOcr(page)).toContain(`Página ${i + 1} de ${pages.length}`);
  });
}

describe('the PDFs as a person sees them (poppler and MuPDF, read by OCR)', () => {
  let key: SealKey;
  const workers = new PdfWorkers({ threads: 1 });
  beforeAll(() => {
    assertOcrTools();
    key = generateSealKey();
  });
  afterAll(() => workers.close());

  for (const [name, make, minPages] of [
    ['a desktop-sized proposal', desktopProposal, 1],
    ['a proposal made and signed on a phone, with the client’s configuration', phoneProposal, 1],
    ['a long proposal', longProposal, 3],
  ] as const) {
    it(`reads ${name}: its PDF and its sealed PDF, every page, in both renderers`, async () => {
      const data = make();
      const proposal = await renderProposalPdf(data);
      // The seal job's own path: rendered and sealed in a worker thread (modules/pdf-workers).
      const sealed = await workers.seal({ data, certificate: certificate(data), key });
      const [proposalPages, sealedPages] = await Promise.all([
        Promise.all(RASTERIZERS.map((r) => ocrPdf(proposal, r))),
        Promise.all(RASTERIZERS.map((r) => ocrPdf(sealed, r))),
      ]);
      for (const pages of proposalPages) {
        expect(pages.length).toBeGreaterThanOrEqual(minPages);
        expectsProposal(pages, data);
        expectsFooters(pages);
      }
      for (const pages of sealedPages) {
        expect(pages.length).toBe((proposalPages[0]?.length ?? 0) + 1);
        expectsProposal(pages.slice(0, -1), data);
        expectsFooters(pages);
        const page = normalizeOcr(pages.at(-1) ?? '');
        expect(page).toContain('Certificado de aceitação');
        expect(page).toMatch(SIGNER_READ);
        expect(page).toContain('25/11/2026, 15:04:05 (hora de Lisboa)');
        // The hash in two halves, each whole.
        expect(page).toContain('0123456789abcdef0123456789abcdef 0123456789abcdef0123456789abcdef');
        expect(page).toContain('ABCD-EFGH-JKMN');
      }
    }, 180_000);
  }
});
