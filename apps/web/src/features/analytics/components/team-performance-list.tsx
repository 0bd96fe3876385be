import { formatMoney } from '@aceite/shared/money';
import type { TeamPerformance } from '@aceite/shared/schemas/analytics';
import { Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { NoData } from '@/components/no-data';
import { SectionPanel } from '@/components/section-panel';
import { formatCount } from '@/lib/format';
import { ConversionBar } from './conversion-bar';

interface TeamPerformanceListProps {
  teams: TeamPerformance[] | undefined;
  loading: boolean;
}

/**
 * 'Desempenho por equipa' (docs/product.md#analytics-and-dashboard): each team's proposals, accepted, value
 * and conversion.
 */
export function TeamPerformanceList({ teams, loading }: TeamPerformanceListProps) {
  return (
    <SectionPanel title="Desempenho por equipa">
      {loading ? (
        <Stack gap="md">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : !teams?.length ? (
        <NoData />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {teams.map((team, index) => (
            <Box
              component="li"
              key={team.teamId}
              py="sm"
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {team.teamName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatCount(team.proposalCount)} {team.proposalCount === 1 ? 'proposta' : 'propostas'} ·{' '}
                    {formatCount(team.acceptedCount)} {team.acceptedCount === 1 ? 'aceite' : 'aceites'}
                  </Text>
                </div>
                <Text fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(team.totalValue)}
                </Text>
              </Group>
              <Box mt={6}>
                <ConversionBar rate={team.conversionRate} label={`Conversão da equipa ${team.teamName}`} />
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </SectionPanel>
  );
}
