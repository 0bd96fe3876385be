import { differsFromOffer, shownTotal } from '@aceite/shared/agreed';
import { formatMoney } from '@aceite/shared/money';
import { Text, type TextProps } from '@mantine/core';

/**
 * A proposal's figure in lists and cards (docs/product.md#signed-figures): what the client agreed to once they
 * accepted or signed, with the offer's total under it as "Proposta original" when their choice changed it.
 */
export function ProposalTotal({
  proposal,
  ...props
}: { proposal: { totalValue: number; agreedTotal: number | null } } & TextProps) {
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'inherit' }}>
      <Text span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} {...props}>
        {formatMoney(shownTotal(proposal))}
      </Text>
      {differsFromOffer(proposal) ? (
        <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="original-total">
          Proposta original: {formatMoney(proposal.totalValue)}
        </Text>
      ) : null}
    </span>
  );
}
