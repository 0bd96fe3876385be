import {
  isActionable,
  isAnswered,
  isBeforeSent,
  isWon,
  type ProposalStatus,
} from '@aceite/shared/proposal-status';
import type { RejectionReasonCode } from '@aceite/shared/rejection-reasons';
import { computeTotals } from '@aceite/shared/totals';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { DEMO_PRODUCTS } from './demo-catalogue.ts';
import type { proposals } from './schema/index.ts';

const TITLES = [
  'Website institucional',
  'Loja online',
  'Campanha de verão',
  'Renovação da marca',
  'Implementação de CRM',
  'Plano de marketing anual',
  'Manutenção e suporte',
  'Consultoria de processos',
  'Sessão fotográfica de produto',
  'Auditoria SEO',
];

/** 40 demo proposals over every status, spread over the last 12 months (deterministic). */
const STATUS_PLAN: ProposalStatus[] = [
  ...Array<ProposalStatus>(6).fill('draft'),
  'in_review',
  'in_review',
  'approved',
  'approved',
  ...Array<ProposalStatus>(6).fill('sent'),
  ...Array<ProposalStatus>(5).fill('viewed'),
  'under_negotiation',
  'under_negotiation',
  ...Array<ProposalStatus>(7).fill('accepted'),
  'signed',
  'signed',
  'signed',
  ...Array<ProposalStatus>(4).fill('rejected'),
  'expired',
  'expired',
  'cancelled',
];

/**
 * Why the demo's rejected proposals were lost, in turn (issue 37): 'Motivos de perda' shows a spread, not 100 %
 * 'Outro'. No 'deadline' here: the end-to-end tests reject for 'Prazo' and count only their own.
 */
const DEMO_REJECTIONS: { code: RejectionReasonCode; text: string }[] = [
  { code: 'price', text: 'Orçamento acima do previsto.' },
  { code: 'other_supplier', text: 'Avançámos com um fornecedor da região.' },
  { code: 'price', text: 'Conseguimos um preço mais baixo para a mesma solução.' },
  { code: 'no_longer_needed', text: 'O projeto foi adiado para o próximo ano.' },
];

function dateOnly(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function buildDemoProposals(opts: {
  organizationId: string;
  ownerIds: string[];
  clientIds: string[];
  now?: Date;
}): (typeof proposals.$inferInsert)[] {
  const now = opts.now ?? new Date();
  const day = 24 * 60 * 60 * 1000;
  let rejections = 0;
  return STATUS_PLAN.map((status, i) => {
    const rejection =
      status === 'rejected' ? DEMO_REJECTIONS[rejections++ % DEMO_REJECTIONS.length] : undefined;
    // Older proposals tend to be decided; spread creation over ~360 days.
    const createdAt = new Date(now.getTime() - ((i * 9 + 3) % 360) * day - (i % 5) * 3_600_000);
    const picks = [i % DEMO_PRODUCTS.length, (i * 7 + 3) % DEMO_PRODUCTS.length];
    const items = picks.map((p, k) => {
      const [name, description, , , price] = DEMO_PRODUCTS[p] as (typeof DEMO_PRODUCTS)[number];
      return { name, description, quantity: k === 0 ? 1 : (i % 4) + 1, unitPrice: price };
    });
    const discountType = i % 6 === 0 ? ('fixed' as const) : ('percentage' as const);
    const discountValue = discountType === 'fixed' ? 5000 : ([0, 5, 10, 0, 15][i % 5] ?? 0);
    const { taxBreakdown: _byRate, ...totals } = computeTotals({
      items,
      discountType,
      discountValue,
      taxRate: 23,
    });
    const decided = new Date(createdAt.getTime() + 6 * day);
    const validUntil =
      status === 'expired'
        ? dateOnly(new Date(createdAt.getTime() + 15 * day))
        : dateOnly(new Date(now.getTime() + 30 * day));
    const wasSent = !isBeforeSent(status) && status !== 'cancelled';
    const client = opts.clientIds[i % opts.clientIds.length] as string;
    return {
      organizationId: opts.organizationId,
      ownerId: opts.ownerIds[i % opts.ownerIds.length] as string,
      clientId: client,
      title: `${TITLES[i % TITLES.length]}${i >= TITLES.length ? ` ${Math.floor(i / TITLES.length) + 1}` : ''}`,
      description: 'Proposta preparada de acordo com a reunião de levantamento de necessidades.',
      status,
      content: {
        blocks: [
          { title: 'Enquadramento', content: 'Apresentamos a nossa proposta para o projeto discutido.' },
          { title: 'Condições', content: 'Pagamento a 30 dias. Proposta válida até à data indicada.' },
        ],
        items,
      },
      discountType,
      discountValue,
      taxRate: 23,
      ...totals,
      validUntil,
      publicToken: newOpaqueToken(),
      // Opened by the client: every status the client reaches after `sent`.
      viewCount: status !== 'sent' && (isActionable(status) || isAnswered(status)) ? (i % 5) + 1 : 0,
      sentAt: wasSent ? new Date(createdAt.getTime() + day) : null,
      acceptedAt: isWon(status) ? decided : null,
      signedAt: status === 'signed' ? decided : null,
      signedByName: status === 'signed' ? 'Cliente Demonstração' : null,
      signedByEmail: status === 'signed' ? 'cliente@exemplo.pt' : null,
      rejectedAt: status === 'rejected' ? decided : null,
      rejectionReason: rejection?.text ?? null,
      rejectionReasonCode: rejection?.code ?? null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
