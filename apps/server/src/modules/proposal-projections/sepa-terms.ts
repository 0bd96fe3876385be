import type { ProposalSepa } from '@aceite/shared/schemas/proposals';
import type { proposals } from '@/db/schema/index.ts';

type SepaColumns = Pick<
  typeof proposals.$inferSelect,
  'sepaPattern' | 'sepaInstalments' | 'sepaFirstCollectionDate'
>;

/**
 * A proposal's "Pagamento por Débito Direto SEPA" terms from its three columns (migration 0041), null when off:
 * the members' DTO, the bound content of a decision and the versions' snapshot all read them here
 * (docs/product.md#the-schedule-in-the-proposal).
 */
export function sepaTermsOf(p: SepaColumns): ProposalSepa | null {
  if (!p.sepaPattern || !p.sepaFirstCollectionDate) return null;
  return {
    pattern: p.sepaPattern,
    instalments: p.sepaPattern === 'monthly' ? p.sepaInstalments : null,
    firstCollectionDate: p.sepaFirstCollectionDate,
  };
}

/** The columns of the terms a member wrote (null: off). */
export function sepaColumnsOf(terms: ProposalSepa | null): SepaColumns {
  return {
    sepaPattern: terms?.pattern ?? null,
    sepaInstalments: terms?.pattern === 'monthly' ? terms.instalments : null,
    sepaFirstCollectionDate: terms?.firstCollectionDate ?? null,
  };
}
