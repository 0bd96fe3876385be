import type { AnalyticsQuery } from '@aceite/shared/schemas/analytics';
import { Button, Grid, Group, Paper, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { DateField } from '@/components/date-field';
import { hasFilters } from '../api/filters';
import type { FilterOptions } from '../api/get-filter-options';

interface AnalyticsFiltersProps {
  filters: AnalyticsQuery;
  options: FilterOptions | undefined;
  /** Called with the filters that changed (all of them, cleared, for 'Limpar Filtros'). */
  onChange: (patch: Partial<AnalyticsQuery>) => void;
}

/** Start date, end date, user, team and 'Limpar Filtros' (docs/product.md#analytics-and-dashboard). */
export function AnalyticsFilters({ filters, options, onChange }: AnalyticsFiltersProps) {
  const endBeforeStart = Boolean(filters.startDate && filters.endDate && filters.endDate < filters.startDate);

  return (
    <Paper
      component="section"
      aria-label="Filtros"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
    >
      <Grid gap="md">
        {/* The two dates share a row even on a phone; each select gets its own. */}
        <Grid.Col span={{ base: 6, md: 3 }}>
          <DateField
            label="Data inicial"
            value={filters.startDate ?? ''}
            maxDate={filters.endDate}
            onChange={(value) => onChange({ startDate: value || undefined })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <DateField
            label="Data final"
            value={filters.endDate ?? ''}
            minDate={filters.startDate}
            error={endBeforeStart ? 'A data final é anterior à data inicial' : undefined}
            onChange={(value) => onChange({ endDate: value || undefined })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <Select
            label="Utilizador"
            placeholder="Todos os utilizadores"
            data={options?.users ?? []}
            value={filters.userId ?? null}
            onChange={(value) => onChange({ userId: value ?? undefined })}
            searchable
            clearable
            nothingFoundMessage="Nenhum utilizador encontrado"
            clearButtonProps={{ 'aria-label': 'Limpar utilizador' }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <Select
            label="Equipa"
            placeholder="Todas as equipas"
            data={options?.teams ?? []}
            value={filters.teamId ?? null}
            onChange={(value) => onChange({ teamId: value ?? undefined })}
            searchable
            clearable
            nothingFoundMessage="Nenhuma equipa encontrada"
            clearButtonProps={{ 'aria-label': 'Limpar equipa' }}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden="true" />}
          disabled={!hasFilters(filters)}
          onClick={() =>
            onChange({ startDate: undefined, endDate: undefined, userId: undefined, teamId: undefined })
          }
        >
          Limpar Filtros
        </Button>
      </Group>
    </Paper>
  );
}
