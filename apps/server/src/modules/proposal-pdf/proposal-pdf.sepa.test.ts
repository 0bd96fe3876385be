import { formatMoney } from '@aceite/shared/money';
import type { ShownOrganization, ShownProposal } from '@aceite/shared/schemas/shown-proposal';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertOcrTools, compactOcr, normalizeOcr, ocrPdf } from '@/test/pdf-ocr.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';
import { type ProposalPdfData, renderProposalPdf } from './proposal-pdf.renderer.ts';
import { pdfDataOf } from './proposal-pdf.service.ts';

/**
 * "Pagamento por Débito Direto SEPA" in the PDF (docs/product.md#the-schedule-in-the-proposal): the section
 * after the totals, read back as text and by OCR (docs/decisions.md, "Issue 33 — PDF fonts that render
 * everywhere").
 */
function sepaProposal(): ProposalPdfData {
  return {
    organization: { name: 'Açores Digital, Lda.', primaryColor: '#1864ab', logo: null },
    number: 'ORC 2026/0050',
    title: 'Avença de manutenção',
    description: null,
    client: { name: 'Padaria São Brás', company: null },
    owner: { name: 'Inês Gonçalves', email: 'ines@acores.pt' },
    content: {
      blocks: [],
      items: [
        {
          name: 'Manutenção mensal',
          description: '',
          quantity: 1,
          unit: 'un.',
          unitPrice: 30000,
          discount: 0,
          tax: null,
          exemption: null,
        },
      ],
    },
    discountType: 'percentage',
    discountValue: 0,
    taxRate: 23,
    validUntil: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    sepa: {
      pattern: 'monthly',
      instalments: 3,
      firstCollectionDate: '2026-12-01',
      creditorName: 'Açores Digital, Lda.',
      creditorIdentifier: 'PT19ZZZ101148',
      timeZone: 'Atlantic/Azores',
      asOf: '2026-11-20',
    },
  };
}

// 300,00 € + 23 % = 369,00 €, in three: 123,00 € each.
const INSTALMENT = formatMoney(12300);

describe('the SEPA schedule in the proposal PDF', () => {
  beforeAll(() => {
    assertOcrTools();
  });

  it('shows the section, the creditor and each collection as text', async () => {
    const text = (await pdfPagesText(await renderProposalPdf(sepaProposal()))).join('\n');
    expect(text).toContain('Pagamento por Débito Direto SEPA');
    expect(text).toContain('PT19ZZZ101148');
    expect(text).toContain('3 prestações mensais');
    for (const [date, kind] of [
      ['01/12/2026', 'Primeira'],
      ['01/01/2027', 'Recorrente'],
      ['01/02/2027', 'Última'],
    ]) {
      expect(text).toContain(date);
      expect(text).toContain(kind);
    }
    expect(text.replace(/\s/g, ' ')).toContain(INSTALMENT.replace(/\s/g, ' '));
  });

  it('dates the collections from the acceptance when the first date was too near', async () => {
    const data = sepaProposal();
    const sepa = data.sepa ? { ...data.sepa, asOf: '2026-11-30' } : null;
    const text = (await pdfPagesText(await renderProposalPdf({ ...data, sepa }))).join('\n');
    expect(text).toContain('05/12/2026');
    expect(text).not.toContain('01/12/2026');
  });

  it('is read by OCR as a person sees it', async () => {
    const pages = await ocrPdf(await renderProposalPdf(sepaProposal()), 'poppler');
    const text = normalizeOcr(pages.join('\n'));
    expect(text).toContain('Débito Direto SEPA');
    expect(compactOcr(text)).toContain(compactOcr(INSTALMENT));
  }, 120_000);

  it('has no such section when the proposal has no SEPA terms', async () => {
    const text = (await pdfPagesText(await renderProposalPdf({ ...sepaProposal(), sepa: null }))).join('\n');
    expect(text).not.toContain('Débito Direto');
  });
});

describe("the PDF's SEPA day", () => {
  it("is the organization's calendar day of the decision (or of now), as the acceptance counts it", () => {
    const data = sepaProposal();
    const shown = (timeZone: string) =>
      ({
        number: data.number,
        title: data.title,
        description: null,
        status: 'accepted',
        client: null,
        owner: { firstName: 'Inês', lastName: 'Gonçalves', email: 'ines@acores.pt' },
        content: data.content,
        discountType: 'percentage',
        discountValue: 0,
        taxRate: 23,
        validUntil: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        clientChoice: null,
        sepa: { ...data.sepa, timeZone },
      }) as ShownProposal;
    const organization = { ...data.organization, taxId: null } as ShownOrganization;
    // 00:30 UTC on 10 December: the 10th in Lisbon, still the 9th in the Azores.
    const decidedAt = new Date('2026-12-10T00:30:00Z');
    expect(pdfDataOf(shown('Europe/Lisbon'), organization, decidedAt).sepa?.asOf).toBe('2026-12-10');
    expect(pdfDataOf(shown('Atlantic/Azores'), organization, decidedAt).sepa?.asOf).toBe('2026-12-09');
  });
});
