import { type ProposalStatus, STATUS_LABELS, statusTone } from '@aceite/shared/proposal-status';
import { Badge, type BadgeProps } from '@mantine/core';

interface ProposalStatusBadgeProps extends Omit<BadgeProps, 'color' | 'c' | 'bg' | 'variant' | 'children'> {
  status: ProposalStatus;
  /** Renders a `span`, for use inside a line of text. */
  inline?: boolean;
}

/**
 * A proposal's status, the one badge of the team's screens: the status colours as the
 * accessible pairs of `statusTone` (packages/shared/src/proposal-status.ts; every pair ≥ 6:1), never Mantine's
 * light or filled badges, which fail 4.5:1 for several colours. The client's page, which carries no UI kit,
 * draws the same pair as a plain element (`StatusBadge` in public-proposal/proposal-document.tsx).
 */
export function ProposalStatusBadge({ status, inline = false, ...props }: ProposalStatusBadgeProps) {
  const tone = statusTone(status);
  return (
    <Badge component={inline ? 'span' : 'div'} radius="sm" bg={tone.background} c={tone.color} {...props}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
