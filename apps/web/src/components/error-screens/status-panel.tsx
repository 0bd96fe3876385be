import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusPanelProps {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  actions?: ReactNode;
  color?: string;
}

/** The body of the error and not-found screens: icon, heading, explanation, ways out. */
export function StatusPanel({ icon, title, message, actions, color = 'brand' }: StatusPanelProps) {
  return (
    <Stack align="center" gap="md" ta="center" maw={520} mx="auto" py={{ base: 'xl', sm: 64 }} px="md">
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{message}</Text>
      {actions && (
        <Group justify="center" gap="sm" mt="sm">
          {actions}
        </Group>
      )}
    </Stack>
  );
}
