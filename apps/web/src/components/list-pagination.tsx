import { Group, Pagination } from '@mantine/core';

interface ListPaginationProps {
  /** Names the navigation landmark, e.g. 'Paginação de clientes'. */
  label: string;
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Fewer page buttons on a phone. */
  compact?: boolean;
}

/** Page buttons under a paged list, in their own navigation landmark; nothing when there is one page. */
export function ListPagination({ label, page, totalPages, onChange, compact = false }: ListPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center">
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onChange}
        siblings={compact ? 0 : 1}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Página anterior' : 'Página seguinte',
        })}
        getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
      />
    </Group>
  );
}
