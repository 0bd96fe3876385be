import { Stack, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';

/**
 * 'Nenhum dado disponível' (docs/product.md#analytics-and-dashboard): nothing in scope, or the call failed
 * (only logged, docs/product.md#analytics-and-dashboard).
 */
export function NoData() {
  return (
    <Stack align="center" gap={6} py="lg">
      <IconChartBarOff size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
      <Text size="sm" c="dimmed">
        Nenhum dado disponível
      </Text>
    </Stack>
  );
}
