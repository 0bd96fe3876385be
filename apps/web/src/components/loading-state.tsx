import { Center, type CenterProps, Loader, Stack, Text } from '@mantine/core';

interface LoadingStateProps extends Omit<CenterProps, 'children'> {
  /** Announced to screen readers and shown under the spinner. */
  label?: string;
}

/** A spinner with a live, readable label, for screens and sections that are loading. */
export function LoadingState({ label = 'A carregar…', ...props }: LoadingStateProps) {
  return (
    <Center role="status" aria-live="polite" py="xl" {...props}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
