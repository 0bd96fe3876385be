import { Group, type MantineSpacing, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionPanelProps {
  title: string;
  /** A line under the heading. */
  description?: ReactNode;
  /** Buttons or a link at the heading's right (they wrap under it on a phone). */
  actions?: ReactNode;
  /** Stacks the children with this gap (forms); otherwise they are rendered as they are. */
  bodyGap?: MantineSpacing;
  children: ReactNode;
}

/**
 * A titled, bordered section of a screen, named by its heading for assistive technology: the one panel of the
 * proposal, template and dashboard screens, analytics and the proposal's side panels.
 */
export function SectionPanel({ title, description, actions, bodyGap, children }: SectionPanelProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="sm" mb={description ? 'md' : 'sm'} wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {bodyGap === undefined ? children : <Stack gap={bodyGap}>{children}</Stack>}
    </Paper>
  );
}
