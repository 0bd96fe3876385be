import { formatPercent } from '@aceite/shared/format-percent';
import { formatMoney } from '@aceite/shared/money';
import { showsTaxBreakdown, type TaxBreakdownRow } from '@aceite/shared/totals';
import { exemptionMention } from '@aceite/shared/vat-exemptions';
import { Table, Text } from '@mantine/core';

/**
 * The IVA by rate, as Portuguese invoices show it (docs/product.md#totals): "Taxa", "Base tributável", "IVA",
 * and the exemption mention under a 0 % row. Nothing when the proposal has one taxed rate.
 */
export function TaxBreakdownTable({ rows }: { rows: readonly TaxBreakdownRow[] }) {
  if (!showsTaxBreakdown(rows)) return null;
  return (
    <Table.ScrollContainer minWidth={0} mt="sm">
      <Table
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing={4}
        withRowBorders={false}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', marginTop: 0 }}>
          IVA por taxa
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Taxa</Table.Th>
            <Table.Th scope="col" ta="right">
              Base tributável
            </Table.Th>
            <Table.Th scope="col" ta="right">
              IVA
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.rate}-${row.exemption ?? ''}`}>
              <Table.Td>
                {formatPercent(row.rate)}
                {row.exemption && (
                  <Text component="span" display="block" size="xs" c="dimmed">
                    {exemptionMention(row.exemption)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(row.base)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.tax)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
