import { describe, expect, it } from 'vitest';
import { pdfPagesText } from '@/test/pdf-text.ts';
import { renderProposalPdf } from './proposal-pdf.renderer.ts';
import { thirtyItemProposal } from './proposal-pdf.sample.ts';

const line = (name: string, unitPrice: number, tax: number | null, exemption: string | null = null) => ({
  name,
  description: '',
  quantity: 1,
  unit: '',
  unitPrice,
  discount: 0,
  tax,
  exemption,
});

describe('renderProposalPdf: IVA by rate (docs/product.md#totals)', () => {
  it('writes the table by rate under the totals, with the exemption mention of the 0 % row', async () => {
    const bytes = await renderProposalPdf({
      ...thirtyItemProposal(),
      content: {
        blocks: [],
        items: [
          line('Consultoria', 30_000, null),
          line('Livros', 10_000, 6),
          line('Formação', 10_000, 0, 'M07'),
        ],
      },
      discountType: 'fixed',
      discountValue: 5_000,
      taxRate: 23,
    });
    const all = (await pdfPagesText(bytes)).join('\n').replace(/[\u00a0\u202f]/g, ' ');
    expect(all).toContain('IVA 0 % (M07)');
    expect(all).toContain('Subtotal\n500,00 €\nDesconto\n−50,00 €\nIVA\n67,50 €\nTotal\n517,50 €');
    // 450,00 € shared 3 : 1 : 1 → 270,00 € at 23 % (62,10 €), 90,00 € at 6 % (5,40 €), 90,00 € exempt.
    expect(all).toContain(
      'TAXA\nBASE TRIBUTÁVEL\nIVA\n23 %\n270,00 €\n62,10 €\n6 %\n90,00 €\n5,40 €\n0 %\n90,00 €\n0,00 €\nM07 – Isento artigo 9.º do CIVA',
    );
  });

  it('writes no table for a proposal at one taxed rate, as before', async () => {
    const bytes = await renderProposalPdf({
      ...thirtyItemProposal(),
      content: { blocks: [], items: [line('Consultoria', 30_000, null)] },
    });
    const all = (await pdfPagesText(bytes)).join('\n');
    expect(all).toContain('IVA (23 %)');
    expect(all).not.toContain('BASE TRIBUTÁVEL');
  });
});
