import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

const SECTIONS = [
  { to: paths.adminUsers, label: 'Utilizadores' },
  { to: paths.adminOrganizations, label: 'Organizações e planos' },
] as const;

/** The platform administration's two screens, linked from each other (docs/product.md#platform-administration). */
export function AdminSections() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Administração da plataforma" gap="md" mb="md">
      {SECTIONS.map((s) => (
        <Anchor
          key={s.to}
          component={Link}
          to={s.to}
          fw={pathname === s.to ? 700 : 400}
          aria-current={pathname === s.to ? 'page' : undefined}
        >
          {s.label}
        </Anchor>
      ))}
    </Group>
  );
}
