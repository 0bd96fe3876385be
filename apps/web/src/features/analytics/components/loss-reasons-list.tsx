import { formatMoney } from '@aceite/shared/money';
import { REJECTION_REASON_LABELS } from '@aceite/shared/rejection-reasons';
import type { LossReason } from '@aceite/shared/schemas/analytics';
import { Box, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { NoData } from '@/components/no-data';
import { SectionPanel } from '@/components/section-panel';
import { formatCount } from '@/lib/format';

interface LossReasonsListProps {
  reasons: LossReason[] | undefined;
  loading: boolean;
}

/**
 * 'Motivos de perda' (docs/product.md#rejection-reasons): why the rejected proposals in scope were lost, with
 * their number and value; the bar is each reason's share of the lost proposals.
 */
export function LossReasonsList({ reasons, loading }: LossReasonsListProps) {
  const total = reasons?.reduce((sum, r) => sum + r.count, 0) ?? 0;
  return (
    <SectionPanel title="Motivos de perda" description="Propostas rejeitadas pelo cliente, por motivo.">
      {loading ? (
        <Stack gap="md">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : !reasons || total === 0 ? (
        <NoData />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Motivos de perda">
          {reasons.map((reason, index) => {
            const label = REJECTION_REASON_LABELS[reason.reasonCode];
            const share = Math.round((reason.count / total) * 100);
            return (
              <Box
                component="li"
                key={reason.reasonCode}
                py="sm"
                style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{label}</Text>
                    <Text size="sm" c="dimmed">
                      {formatCount(reason.count)} {reason.count === 1 ? 'proposta' : 'propostas'} · {share} %
                    </Text>
                  </div>
                  <Text fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(reason.value)}
                  </Text>
                </Group>
                <Progress mt={6} value={share} color="red.8" aria-label={`Parte das perdas: ${label}`} />
              </Box>
            );
          })}
        </Stack>
      )}
    </SectionPanel>
  );
}
