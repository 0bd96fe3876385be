import type { ProposalPdfData } from './proposal-pdf.renderer.ts';

/** A 30-item proposal (the tests' and the bench's case): accents, €, line discounts and IVA, a proposal discount. */
export function thirtyItemProposal(): ProposalPdfData {
  return {
    organization: { name: 'Construções Açoriana, Lda.', primaryColor: '#0b7285', logo: null },
    title: 'Remodelação do escritório — São João',
    description: 'Execução em três fases, com acompanhamento técnico.',
    client: { name: 'Inês Conceição', company: 'Pão & Companhia, S.A.' },
    owner: { name: 'João Gonçalves', email: 'joao@acoriana.pt' },
    content: {
      blocks: [
        {
          title: 'Âmbito',
          content: 'Demolição, divisórias e pintura.\n<b>Não</b> é HTML: <script>x</script>',
        },
        { title: 'Condições', content: '30 % na adjudicação; preços em euros (€).' },
      ],
      items: Array.from({ length: 30 }, (_, i) => ({
        name: `Serviço nº ${i + 1} — instalação`,
        description: i % 3 === 0 ? 'Inclui deslocação e mão de obra.' : '',
        quantity: (i % 5) + 1,
        unit: i % 2 ? 'hora' : 'un.',
        unitPrice: 12345 + i * 1000,
        discount: i % 4 === 0 ? 10 : 0,
        tax: i % 7 === 0 ? 6 : null,
        exemption: null,
      })),
    },
    discountType: 'percentage',
    discountValue: 5,
    taxRate: 23,
    validUntil: '2026-11-25',
    createdAt: '2026-10-26T10:00:00.000Z',
  };
}
