import { Box, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface PanelProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled section of the report. */
export function Panel({ title, description, children }: PanelProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Box mb="md">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Box>
      {children}
    </Paper>
  );
}
