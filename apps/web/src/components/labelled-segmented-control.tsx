import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';
import { useId } from 'react';

type LabelledSegmentedControlProps<T extends string> = Omit<
  SegmentedControlProps<T>,
  'aria-labelledby' | 'aria-label'
> & {
  /** The visible label above the choices, which also names the group for a screen reader. */
  label: string;
};

/**
 * Mantine's `SegmentedControl` with a visible label that names it (the control has no `label` of its own): the
 * discount type, the SEPA collection pattern of the proposal and of Configurações → Pagamentos.
 */
export function LabelledSegmentedControl<T extends string>({
  label,
  ...props
}: LabelledSegmentedControlProps<T>) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl<T> aria-labelledby={id} {...props} />
    </Stack>
  );
}
