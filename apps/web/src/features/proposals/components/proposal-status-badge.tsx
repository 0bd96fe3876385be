import { type ProposalStatus, STATUS_COLORS, STATUS_LABELS } from '@aceite/shared/schemas/proposals';
import { Badge, type BadgeProps } from '@mantine/core';

interface ProposalStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: ProposalStatus;
  /** Renders a `span`, for use inside a line of text. */
  inline?: boolean;
}

/**
 * Text colours that pass 4.5:1 on the light badge's tint. Green, red, orange, yellow and teal already have
 * darker `light` text colours in the app's theme; these do not.
 */
const TEXT_COLORS: Partial<Record<string, string>> = {
  gray: 'gray.9',
  blue: 'blue.9',
  violet: 'violet.9',
  dark: 'dark.9',
};

/** The status in the dashboard's colours (spec §4), legible for everyone. */
export function ProposalStatusBadge({ status, inline = false, ...props }: ProposalStatusBadgeProps) {
  const color = STATUS_COLORS[status];
  return (
    <Badge
      component={inline ? 'span' : 'div'}
      variant="light"
      color={color}
      c={TEXT_COLORS[color]}
      radius="sm"
      {...props}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
