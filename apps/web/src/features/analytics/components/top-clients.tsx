import { formatMoney } from '@aceite/shared/money';
import type { TopClient } from '@aceite/shared/schemas/analytics';
import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NoData } from '@/components/no-data';
import { SectionPanel } from '@/components/section-panel';
import { formatCount } from '@/lib/format';

interface TopClientsProps {
  clients: TopClient[] | undefined;
  loading: boolean;
  /** 'Principais clientes' on the dashboard, 'Top 10 Clientes' in the report. */
  title: string;
  /** The dashboard's link to the report. */
  actions?: ReactNode;
  /**
   * 'compact' (the dashboard's card): company and proposal count on one line; 'detailed' (the report): the
   * company on its own line, then the proposal and accepted counts.
   */
  variant: 'compact' | 'detailed';
}

const proposals = (count: number) => `${formatCount(count)} ${count === 1 ? 'proposta' : 'propostas'}`;

/**
 * The clients with the most proposal value (docs/product.md#analytics-and-dashboard): the dashboard's 5 and
 * the report's 'Top 10 Clientes', one list.
 */
export function TopClients({ clients, loading, title, actions, variant }: TopClientsProps) {
  const compact = variant === 'compact';
  return (
    <SectionPanel title={title} actions={actions}>
      {loading ? (
        compact ? (
          <Stack gap="md" aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Group key={i} gap="sm" wrap="nowrap">
                <Skeleton circle h={32} />
                <Skeleton h={14} w="55%" />
              </Group>
            ))}
          </Stack>
        ) : (
          <Stack gap="md">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        )
      ) : !clients?.length ? (
        <NoData />
      ) : (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {clients.map((client, index) => (
            <Group
              component="li"
              key={client.clientId}
              gap="sm"
              wrap="nowrap"
              py="xs"
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Avatar size={32} radius="xl" color="brand" aria-hidden="true">
                {index + 1}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {client.clientName}
                </Text>
                {compact ? (
                  <Text size="xs" c="dimmed" truncate>
                    {[client.clientCompany, proposals(client.proposalCount)].filter(Boolean).join(' · ')}
                  </Text>
                ) : (
                  <>
                    {client.clientCompany && (
                      <Text size="xs" c="dimmed" truncate>
                        {client.clientCompany}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {proposals(client.proposalCount)} · {formatCount(client.acceptedCount)}{' '}
                      {client.acceptedCount === 1 ? 'aceite' : 'aceites'}
                    </Text>
                  </>
                )}
              </div>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(client.totalValue)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionPanel>
  );
}
