import { formatMoney } from '@aceite/shared/money';
import type { UserPerformance } from '@aceite/shared/schemas/analytics';
import { Box, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { NoData } from '@/components/no-data';
import { SectionPanel } from '@/components/section-panel';
import { formatCount } from '@/lib/format';
import { ConversionBar } from './conversion-bar';

interface UserPerformanceTableProps {
  users: UserPerformance[] | undefined;
  loading: boolean;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * 'Desempenho por utilizador' (docs/product.md#analytics-and-dashboard): a table on wider screens, one card
 * per person on a phone, where six columns do not fit.
 */
export function UserPerformanceTable({ users, loading }: UserPerformanceTableProps) {
  return (
    <SectionPanel title="Desempenho por utilizador">
      {loading ? (
        <Stack gap="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : !users?.length ? (
        <NoData />
      ) : (
        <>
          <Box visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Nome</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Propostas
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Aceites
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Valor total
                  </Table.Th>
                  <Table.Th scope="col" w="22%">
                    Conversão
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => (
                  <Table.Tr key={u.userId}>
                    <Table.Th scope="row" fw={600}>
                      {u.userName}
                    </Table.Th>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{u.userEmail}</Table.Td>
                    <Table.Td ta="right" style={numeric}>
                      {formatCount(u.proposalCount)}
                    </Table.Td>
                    <Table.Td ta="right" style={numeric}>
                      {formatCount(u.acceptedCount)}
                    </Table.Td>
                    <Table.Td ta="right" style={numeric}>
                      {formatMoney(u.totalValue)}
                    </Table.Td>
                    <Table.Td>
                      <ConversionBar rate={u.conversionRate} label={`Conversão de ${u.userName}`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack component="ul" hiddenFrom="sm" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {users.map((u) => (
              <Paper component="li" key={u.userId} withBorder radius="md" p="sm">
                <Text fw={600}>{u.userName}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {u.userEmail}
                </Text>
                <Group justify="space-between" mt="xs" gap="xs">
                  <Text size="sm">
                    {formatCount(u.proposalCount)} {u.proposalCount === 1 ? 'proposta' : 'propostas'} ·{' '}
                    {formatCount(u.acceptedCount)} {u.acceptedCount === 1 ? 'aceite' : 'aceites'}
                  </Text>
                  <Text size="sm" fw={600} style={numeric}>
                    {formatMoney(u.totalValue)}
                  </Text>
                </Group>
                <Box mt="xs">
                  <ConversionBar rate={u.conversionRate} label={`Conversão de ${u.userName}`} />
                </Box>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </SectionPanel>
  );
}
