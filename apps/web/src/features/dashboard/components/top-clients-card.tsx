import { formatMoney } from '@aceite/shared/money';
import type { TopClient } from '@aceite/shared/schemas/analytics';
import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { NoData } from '@/components/no-data';
import { PanelLink } from '@/components/panel-link';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';

interface TopClientsCardProps {
  clients: TopClient[] | undefined;
  loading: boolean;
}

/**
 * The 5 clients with the most proposal value, with a link to the report
 * (docs/product.md#analytics-and-dashboard).
 */
export function TopClientsCard({ clients, loading }: TopClientsCardProps) {
  return (
    <SectionPanel
      title="Principais clientes"
      actions={<PanelLink to={paths.analytics} label="Ver analytics" />}
    >
      {loading ? (
        <Stack gap="md" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap">
              <Skeleton circle h={32} />
              <Skeleton h={14} w="55%" />
            </Group>
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
                <Text size="xs" c="dimmed" truncate>
                  {[
                    client.clientCompany,
                    `${formatCount(client.proposalCount)} ${client.proposalCount === 1 ? 'proposta' : 'propostas'}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
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
