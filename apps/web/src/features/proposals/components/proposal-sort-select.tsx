import type { ProposalSort } from '@aceite/shared/schemas/proposals';
import { NativeSelect } from '@mantine/core';

const OPTIONS: { value: ProposalSort; label: string }[] = [
  { value: 'created', label: 'Mais recentes' },
  { value: 'lastViewed', label: 'Última visualização' },
];

/** The proposals list's order: newest first, or the client's last view first (docs/product.md#reading). */
export function ProposalSortSelect({
  value,
  onChange,
}: {
  value: ProposalSort | undefined;
  onChange: (sort: ProposalSort | undefined) => void;
}) {
  return (
    <NativeSelect
      label="Ordenar por"
      data={OPTIONS}
      value={value ?? 'created'}
      onChange={(event) => onChange(event.currentTarget.value === 'lastViewed' ? 'lastViewed' : undefined)}
      w={{ base: '100%', xs: 220 }}
    />
  );
}
