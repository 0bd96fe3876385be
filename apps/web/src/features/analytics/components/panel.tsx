import { Group, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface PanelProps {
  title: string;
  description?: string;
  /** Something on the right of the title (a legend). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled section of the report. */
export function Panel({ title, description, aside, children }: PanelProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
