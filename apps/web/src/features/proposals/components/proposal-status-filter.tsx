import { PROPOSAL_STATUSES, STATUS_LABELS } from '@aceite/shared/proposal-status';
import { Box, Chip, Flex } from '@mantine/core';
import { AWAITING_MY_APPROVAL, type ProposalListStatus } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { useProposalStats } from '../api/get-proposal-stats';

const ALL = 'all';

interface ProposalStatusFilterProps {
  value: ProposalListStatus | undefined;
  onChange: (status: ProposalListStatus | undefined) => void;
}

/**
 * One chip per status, with its count. Statuses nobody has used are left out (except the chosen one) so the
 * row stays short; it scrolls sideways on a phone.
 */
export function ProposalStatusFilter({ value, onChange }: ProposalStatusFilterProps) {
  const { data: stats } = useProposalStats();
  // 'Para aprovar' for those who may approve (docs/product.md#approvals).
  const mayApprove = useCan('proposal:approve') === true;
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
        onChange={(next) => onChange(next === ALL ? undefined : (next as ProposalListStatus))}
      >
        <Flex gap={8} wrap={{ base: 'nowrap', md: 'wrap' }}>
          <Chip value={ALL} type="radio" size="sm" variant="outline">
            Todas{count(stats?.total)}
          </Chip>
          {mayApprove && (
            <Chip
              value={AWAITING_MY_APPROVAL}
              type="radio"
              size="sm"
              variant="outline"
              style={{ flexShrink: 0 }}
            >
              Para aprovar{count(stats?.awaitingMyApproval)}
            </Chip>
          )}
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
