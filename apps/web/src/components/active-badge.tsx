import { Badge, type BadgeProps } from '@mantine/core';

interface ActiveBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  isActive: boolean;
}

/** 'Ativo' or 'Inativo' (products, users, the platform's users, a team's members). */
export function ActiveBadge({ isActive, ...props }: ActiveBadgeProps) {
  return (
    // gray.8: the 'Inativo' label on the gray tint passes WCAG AA (4.5:1); never cut short in a narrow column.
    <Badge
      variant="light"
      color={isActive ? 'green' : 'gray'}
      c={isActive ? undefined : 'gray.8'}
      tt="none"
      miw="fit-content"
      {...props}
    >
      {isActive ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}
