import { Group, Progress, Text } from '@mantine/core';
import { formatPercent } from '@/lib/format';

/** A conversion rate as a bar with its figure beside it; the bar is named for assistive technology. */
export function ConversionBar({ rate, label }: { rate: number; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={120}>
      <Progress
        value={Math.min(100, Math.max(0, rate))}
        size="md"
        radius="xl"
        style={{ flex: 1 }}
        aria-label={label}
      />
      <Text size="sm" fw={600} w={52} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPercent(rate)}
      </Text>
    </Group>
  );
}
