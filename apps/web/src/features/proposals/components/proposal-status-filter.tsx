import { PROPOSAL_STATUSES, type ProposalStatus, STATUS_LABELS } from '@aceite/shared/proposal-status';
import { Box, Chip, Flex } from '@mantine/core';
import { useProposalStats } from '../api/get-proposal-stats';

const ALL = 'all';

interface ProposalStatusFilterProps {
  value: ProposalStatus | undefined;
  onChange: (status: ProposalStatus | undefined) => void;
}

/**
 * One chip per status, with its count. Statuses nobody has used are left out (except the chosen one) so the
 * row stays short; it scrolls sideways on a phone.
 */
export function ProposalStatusFilter({ value, onChange }: ProposalStatusFilterProps) {
  const { data: stats } = useProposalStats();
  const statuses = PROPOSAL_STATUSES.filter(
    (status) => !stats || status === value || (stats.byStatus[status] ?? 0) > 0,
  );
  const count = (n: number | undefined) => (n === undefined ? '' : ` ${n}`);

  return (
    <Box
      role="radiogroup"
      aria-label="Filtrar por estado"
      style={{ overflowX: 'auto', scrollbarWidth: 'thin' }}
      pb={4}
    >
      <Chip.Group
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? undefined : (next as ProposalStatus))}
      >
        <Flex gap={8} wrap={{ base: 'nowrap', md: 'wrap' }}>
          <Chip value={ALL} type="radio" size="sm" variant="outline">
            Todas{count(stats?.total)}
          </Chip>
          {statuses.map((status) => (
            <Chip
              key={status}
              value={status}
              type="radio"
              size="sm"
              variant="outline"
              style={{ flexShrink: 0 }}
            >
              {STATUS_LABELS[status]}
              {count(stats?.byStatus[status])}
            </Chip>
          ))}
        </Flex>
      </Chip.Group>
    </Box>
  );
}
