import { describe, expect, it } from 'vitest';
import { pdfPagesText, pdfTitle } from '@/test/pdf-text.ts';
import { renderProposalPdf } from './proposal-pdf.renderer.ts';
import { thirtyItemProposal } from './proposal-pdf.sample.ts';

describe('renderProposalPdf', () => {
  it('writes items, totals, pt-PT money and dates, accents and page numbers a PDF reader can extract', async () => {
    const bytes = await renderProposalPdf(thirtyItemProposal());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pages = await pdfPagesText(bytes);
    // pt-PT groups thousands and sets € apart with no-break spaces; compared as plain spaces.
    const all = pages.join('\n').replace(/[\u00a0\u202f]/g, ' ');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    expect(all).toContain('Construções Açoriana, Lda.');
    expect(all).toContain('Remodelação do escritório — São João');
    expect(all).toContain('Inês Conceição');
    expect(all).toContain('Pão & Companhia, S.A.');
    expect(all).toContain('26 de outubro de 2026');
    expect(all).toContain('Proposta válida até 25 de novembro de 2026.');
    // Every line, with its own terms.
    for (let i = 1; i <= 30; i++) expect(all).toContain(`Serviço nº ${i} — instalação`);
    expect(all).toContain('Desconto 10 % · IVA 6 %');
    expect(all).toContain('123,45 € / un.');
    // Line 1: 1 × 123,45 € less 10 % = 111,11 €. Totals from the shared computation: subtotal 24 079,90 €.
    expect(all).toContain('111,11 €');
    expect(all).toContain(
      'Subtotal\n24 079,90 €\nDesconto (5 %)\n−1 204,00 €\nIVA\n4 594,78 €\nTotal\n27 470,68 €',
    );
    // User text stays text.
    expect(all).toContain('<b>Não</b> é HTML: <script>x</script>');
    expect(await pdfTitle(bytes)).toBe('Remodelação do escritório — São João');
  });

  it('says so when the proposal has expired and "Sem data limite" without a validity', async () => {
    const pages = await pdfPagesText(
      await renderProposalPdf({
        ...thirtyItemProposal(),
        validUntil: null,
        expired: true,
        content: { blocks: [], items: [] },
      }),
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Esta proposta expirou e já não pode ser aceite.');
    expect(pages[0]).toContain('Sem data limite');
    expect(pages[0]).toContain('Página 1 de 1');
  });

  it("embeds the organization's PNG logo, and leaves a WebP one out without failing", async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const base = thirtyItemProposal();
    const withLogo = await renderProposalPdf({ ...base, organization: { ...base.organization, logo: png } });
    expect(Buffer.from(withLogo).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const webp = await renderProposalPdf({
      ...base,
      organization: { ...base.organization, logo: 'data:image/webp;base64,UklGRg==' },
    });
    expect(Buffer.from(webp).toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect((await pdfPagesText(webp)).join('\n')).toContain('Construções Açoriana, Lda.');
  });

  it('wraps a long unbroken line instead of running off the page', async () => {
    const long = 'A'.repeat(400);
    const pages = await pdfPagesText(
      await renderProposalPdf({
        ...thirtyItemProposal(),
        content: { blocks: [{ title: '', content: long }], items: [] },
      }),
    );
    const lines = pages[0]?.split('\n').filter((line) => /^A+$/.test(line)) ?? [];
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(long);
  });
});

describe('renderProposalPdf with optional items and quantity ranges (docs/product.md#client-choice)', () => {
  const choosing = () => ({
    ...thirtyItemProposal(),
    discountType: 'percentage' as const,
    discountValue: 0,
    taxRate: 23,
    content: {
      blocks: [],
      items: [
        {
          name: 'Site',
          description: '',
          quantity: 1,
          unit: '',
          unitPrice: 100_000,
          discount: 0,
          tax: null,
          exemption: null,
        },
        {
          name: 'Alojamento',
          description: '',
          quantity: 12,
          unit: 'mês',
          unitPrice: 1_000,
          discount: 0,
          tax: null,
          exemption: null,
          minQuantity: 6,
          maxQuantity: 24,
        },
        {
          name: 'Logótipo',
          description: '',
          quantity: 1,
          unit: '',
          unitPrice: 20_000,
          discount: 0,
          tax: null,
          exemption: null,
          optional: 'unselected' as const,
        },
      ],
    },
  });
  const text = async (data: Parameters<typeof renderProposalPdf>[0]) =>
    (await pdfPagesText(await renderProposalPdf(data))).join('\n').replace(/[\u00a0\u202f]/g, ' ');

  it('before a decision lists every line with its note and totals the default choice', async () => {
    const all = await text(choosing());
    expect(all).toContain('Itens e valores');
    expect(all).toContain('Opcional, não incluído no total');
    expect(all).toContain('Quantidade de 6 a 24');
    // 1000 + 120 € (the logo is out) = 1120 €, IVA 257,60 €.
    expect(all).toContain('Subtotal\n1 120,00 €\nIVA (23 %)\n257,60 €\nTotal\n1 377,60 €');
  });

  it('after a decision shows the chosen configuration and its totals', async () => {
    const all = await text({
      ...choosing(),
      choice: {
        items: [
          { index: 0, selected: true, quantity: 1 },
          { index: 1, selected: true, quantity: 24 },
          { index: 2, selected: false, quantity: 1 },
        ],
      },
    });
    expect(all).toContain('Configuração escolhida pelo cliente');
    expect(all).toContain('Não escolhidos: Logótipo');
    // 1000 + 240 € = 1240 €, IVA 285,20 €.
    expect(all).toContain('Subtotal\n1 240,00 €\nIVA (23 %)\n285,20 €\nTotal\n1 525,20 €');
  });
});
