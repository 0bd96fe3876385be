import { SimpleGrid, Stack } from '@mantine/core';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { useFilterOptions } from '@/features/analytics/api/get-filter-options';
import { useLossReasons } from '@/features/analytics/api/get-loss-reasons';
import { useOverview } from '@/features/analytics/api/get-overview';
import { useProposalsByTeam } from '@/features/analytics/api/get-proposals-by-team';
import { useProposalsByUser } from '@/features/analytics/api/get-proposals-by-user';
import { useProposalsOverTime } from '@/features/analytics/api/get-proposals-over-time';
import { REPORT_TOP_CLIENTS, useTopClients } from '@/features/analytics/api/get-top-clients';
import { AnalyticsFilters } from '@/features/analytics/components/analytics-filters';
import { AnalyticsOverviewCards } from '@/features/analytics/components/analytics-overview-cards';
import { LossReasonsList } from '@/features/analytics/components/loss-reasons-list';
import { ProposalsOverTimeChart } from '@/features/analytics/components/proposals-over-time-chart';
import { TeamPerformanceList } from '@/features/analytics/components/team-performance-list';
import { TopClients } from '@/features/analytics/components/top-clients';
import { useFiltersInUrl } from '@/features/analytics/components/use-filters-in-url';
import { UserPerformanceTable } from '@/features/analytics/components/user-performance-table';

/**
 * Filters kept in the URL, four cards, the monthly chart, users, teams and top clients
 * (docs/product.md#analytics-and-dashboard).
 */
export function AnalyticsPage() {
  const [filters, changeFilters] = useFiltersInUrl();
  const options = useFilterOptions();
  const overview = useOverview(filters);
  const overTime = useProposalsOverTime(filters);
  const byUser = useProposalsByUser(filters);
  const byTeam = useProposalsByTeam(filters);
  const topClients = useTopClients(filters, REPORT_TOP_CLIENTS);
  const lossReasons = useLossReasons(filters);

  return (
    <>
      <DocumentTitle title="Análises" />
      <PageHeader title="Análises" description="O desempenho das propostas da sua organização." />
      <AnalyticsFilters filters={filters} options={options.data} onChange={changeFilters} />
      <Stack gap="lg">
        <AnalyticsOverviewCards overview={overview.data} loading={overview.isPending} />
        <ProposalsOverTimeChart points={overTime.data} loading={overTime.isPending} />
        <UserPerformanceTable users={byUser.data} loading={byUser.isPending} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <TeamPerformanceList teams={byTeam.data} loading={byTeam.isPending} />
          <TopClients
            title="Os 10 melhores clientes"
            variant="detailed"
            clients={topClients.data}
            loading={topClients.isPending}
          />
        </SimpleGrid>
        <LossReasonsList reasons={lossReasons.data} loading={lossReasons.isPending} />
      </Stack>
    </>
  );
}
