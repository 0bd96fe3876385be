import { type ProposalStatus, STATUS_COLORS, STATUS_LABELS } from '@aceite/shared/schemas/proposals';
import { Badge } from '@mantine/core';

// Text that passes WCAG AA (4.5:1) on each badge's tint. The app's theme already darkens the `light` text of
// green, red, orange, yellow, teal, cyan and lime; the others get a darker shade here.
const DARKER_TEXT: Record<string, string> = {
  blue: 'blue.9',
  violet: 'violet.9',
  gray: 'gray.8',
  dark: 'gray.8',
};

/** A proposal's status in the dashboard colours (spec §4). */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const color = STATUS_COLORS[status];
  return (
    <Badge variant="light" color={color} c={DARKER_TEXT[color]} tt="none" style={{ flexShrink: 0 }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
