import { formatMoney } from '@aceite/shared/money';
import type { TopClient } from '@aceite/shared/schemas/analytics';
import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { NoData } from '@/components/no-data';
import { SectionPanel } from '@/components/section-panel';
import { formatCount } from '@/lib/format';

interface TopClientsListProps {
  clients: TopClient[] | undefined;
  loading: boolean;
}

/**
 * 'Top 10 Clientes' (docs/product.md#analytics-and-dashboard), by proposal value, with their accepted
 * proposal counts.
 */
export function TopClientsList({ clients, loading }: TopClientsListProps) {
  return (
    <SectionPanel title="Top 10 Clientes">
      {loading ? (
        <Stack gap="md">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
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
                {client.clientCompany && (
                  <Text size="xs" c="dimmed" truncate>
                    {client.clientCompany}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatCount(client.proposalCount)} {client.proposalCount === 1 ? 'proposta' : 'propostas'}{' '}
                  · {formatCount(client.acceptedCount)} {client.acceptedCount === 1 ? 'aceite' : 'aceites'}
                </Text>
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
