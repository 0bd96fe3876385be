import { Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionPanelProps {
  title: string;
  /** Buttons at the heading's right (they wrap under it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled, bordered section of a screen, named by its heading for assistive technology. */
export function SectionPanel({ title, actions, children }: SectionPanelProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}
