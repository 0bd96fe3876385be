import { shownStatus } from '@aceite/shared/proposal-status';
import type { ProposalSummary } from '@aceite/shared/schemas/proposals';
import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { NoData } from '@/components/no-data';
import { PanelLink } from '@/components/panel-link';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { ProposalTotal } from '@/components/proposal-total';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import classes from './recent-activity-card.module.css';

interface RecentActivityCardProps {
  proposals: ProposalSummary[] | undefined;
  loading: boolean;
}

/**
 * The 10 latest proposals; each opens its detail, the header links to the list
 * (docs/product.md#analytics-and-dashboard).
 */
export function RecentActivityCard({ proposals, loading }: RecentActivityCardProps) {
  return (
    <SectionPanel title="Atividade recente" actions={<PanelLink to={paths.proposals()} label="Ver todas" />}>
      {loading ? (
        <Stack gap="md" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Stack key={i} gap={6}>
              <Skeleton h={14} w="60%" />
              <Skeleton h={10} w="35%" />
            </Stack>
          ))}
        </Stack>
      ) : !proposals?.length ? (
        <NoData />
      ) : (
        <ul className={classes.list}>
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <UnstyledButton component={Link} to={paths.proposal(proposal.id)} className={classes.row}>
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {proposal.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {proposal.client?.name ?? 'Sem cliente'} · {formatDate(proposal.createdAt)}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <ProposalStatusBadge status={shownStatus(proposal)} tt="none" style={{ flexShrink: 0 }} />
                    <ProposalTotal proposal={proposal} size="sm" fw={600} />
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}
