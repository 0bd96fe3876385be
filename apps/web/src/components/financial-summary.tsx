import { formatPercent } from '@aceite/shared/format-percent';
import { formatMoney } from '@aceite/shared/money';
import { type DiscountType, showsTaxBreakdown, type Totals } from '@aceite/shared/totals';
import { Box, Group, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { SectionPanel } from './section-panel';

// Only proposals with more than one rate or an exempt line show it: its table and the exemption texts load then.
const TaxBreakdownTable = lazy(async () => ({
  default: (await import('./tax-breakdown-table')).TaxBreakdownTable,
}));

interface FinancialSummaryProps {
  totals: Totals;
  discountType: DiscountType;
  /** Percent for a percentage discount (shown beside the label); ignored for a fixed one. */
  discountPercent?: number;
  /** The IVA line's label ("IVA (23 %)", or "IVA" when lines have different rates): shared `taxLabel`. */
  taxLabel: string;
  /** A line under the totals. */
  note?: ReactNode;
}

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <Group
      component="div"
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      // The total's rule is a border: a <dl> may only hold <div> groups of <dt> and <dd>.
      mt={strong ? 'xs' : 0}
      pt={strong ? 'xs' : 0}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text
        component="dt"
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 400}
        c={strong ? undefined : 'dimmed'}
      >
        {term}
      </Text>
      <Text
        component="dd"
        m={0}
        size={strong ? 'xl' : 'sm'}
        fw={strong ? 700 : 500}
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * "Resumo financeiro": subtotal, discount, tax and total in pt-PT euros, then the IVA by rate when there are
 * several (docs/product.md#totals), the same panel in the proposal editor
 * (live, with a note on how the discount applies) and on the proposal's page.
 */
export function FinancialSummary({
  totals,
  discountType,
  discountPercent,
  taxLabel,
  note,
}: FinancialSummaryProps) {
  const discountLabel =
    discountType === 'percentage' && discountPercent !== undefined
      ? `Desconto (${formatPercent(discountPercent)})`
      : 'Desconto';
  return (
    <SectionPanel title="Resumo financeiro">
      <Box component="dl" m={0}>
        <Row term="Subtotal" value={formatMoney(totals.subtotal)} />
        <Row
          term={discountLabel}
          value={totals.discountAmount ? `−${formatMoney(totals.discountAmount)}` : formatMoney(0)}
        />
        <Row term={taxLabel} value={formatMoney(totals.taxAmount)} />
        <Row term="Total" value={formatMoney(totals.totalValue)} strong />
      </Box>
      {showsTaxBreakdown(totals.taxBreakdown) && (
        <Suspense fallback={null}>
          <TaxBreakdownTable rows={totals.taxBreakdown} />
        </Suspense>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt="sm">
          {note}
        </Text>
      )}
    </SectionPanel>
  );
}
