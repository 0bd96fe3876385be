import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';

/**
 * The figures the client's page shows (docs/product.md#signed-figures): the offer's total, and the agreed
 * configuration's once there is one. The hero and the SEPA schedule read the same pair.
 */
export function heroFigures(proposal: PublicProposal) {
  return { totalValue: proposal.totalValue, agreedTotal: proposal.clientChoice?.totalValue ?? null };
}
