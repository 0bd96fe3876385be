import { ROLE_LABELS, type Role } from '@aceite/shared/permissions';
import { Badge, type BadgeProps } from '@mantine/core';

// docs/product.md#roles-and-permissions: admin red, manager orange, sales blue, viewer gray. Each label must
// pass WCAG AA (4.5:1) on its tint: red and orange get darker `light` text from the app's CSS variables
// resolver; the others darken here.
const ROLE_COLORS: Record<Role, { color: string; text?: string }> = {
  superadmin: { color: 'violet', text: 'violet.9' },
  admin: { color: 'red' },
  manager: { color: 'orange' },
  sales: { color: 'blue', text: 'blue.9' },
  viewer: { color: 'gray', text: 'gray.8' },
};

interface RoleBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  role: Role;
}

/** A role's pt-PT label in its colour (users, teams and admin screens). */
export function RoleBadge({ role, ...props }: RoleBadgeProps) {
  const { color, text } = ROLE_COLORS[role];
  return (
    // Never cut short ("Visua…") when a table column is narrow.
    <Badge variant="light" color={color} c={text} tt="none" miw="fit-content" {...props}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
