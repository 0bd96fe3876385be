import { Anchor, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A link in a panel's heading to the full list or report ("Ver todas →"). */
export function PanelLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600}>
      <Group gap={4} wrap="nowrap" component="span">
        {label}
        <IconArrowRight size={14} aria-hidden="true" />
      </Group>
    </Anchor>
  );
}
