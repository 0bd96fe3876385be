import { formatDecimalPt, formatMoney, formatUnitPrice } from '@aceite/shared/money';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { lineTotal } from '@aceite/shared/totals';
import { Group, Stack, Table, Text } from '@mantine/core';
import { SectionPanel } from '@/components/section-panel';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * "Configuração escolhida pelo cliente": the lines, quantities and total the client accepted with
 * (docs/product.md#client-choice). Shown once a client accepted a proposal that let them choose.
 */
export function ChosenConfigurationPanel({ proposal }: { proposal: Proposal }) {
  const chosen = proposal.clientChoice;
  if (!chosen) return null;
  const chosenIndexes = new Set(chosen.items.map((item) => item.index));
  const leftOut = proposal.content.items.filter((_, index) => !chosenIndexes.has(index));
  return (
    <SectionPanel title="Configuração escolhida pelo cliente">
      <Stack gap="sm">
        <Table verticalSpacing="xs" aria-label="Itens escolhidos pelo cliente">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qtd.</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {chosen.items.map((item) => (
              <Table.Tr key={item.index}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.name || 'Sem nome'}
                  </Text>
                  <Text size="xs" c="dimmed" style={NUMERIC}>
                    {formatUnitPrice(item.unitPrice, item.unit)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {formatDecimalPt(item.quantity)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={NUMERIC}>
                  {formatMoney(lineTotal(item))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {leftOut.length > 0 && (
          <Text size="sm" c="dimmed">
            Não escolhidos: {leftOut.map((item) => item.name || 'Sem nome').join(', ')}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Total escolhido (com IVA)
          </Text>
          <Text size="sm" fw={700} style={NUMERIC} data-testid="chosen-total">
            {formatMoney(chosen.totalValue)}
          </Text>
        </Group>
      </Stack>
    </SectionPanel>
  );
}
