import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { PanelLink } from '@/components/panel-link';
import { paths } from '@/config/paths';
import { useOverview } from '@/features/analytics/api/get-overview';
import { useRecentActivity } from '@/features/analytics/api/get-recent-activity';
import { DASHBOARD_TOP_CLIENTS, useTopClients } from '@/features/analytics/api/get-top-clients';
import { TopClients } from '@/features/analytics/components/top-clients';
import { DashboardStats } from '@/features/dashboard/components/dashboard-stats';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { RecentActivityCard } from '@/features/dashboard/components/recent-activity-card';
import { useAuthStore } from '@/lib/auth-store';
import { NewProposalChooser } from '../proposals/new-proposal-chooser';

const NO_FILTERS = {};

/**
 * Greeting, the seven cards, quick actions, top clients and recent activity
 * (docs/product.md#analytics-and-dashboard).
 */
export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  const overview = useOverview(NO_FILTERS);
  const topClients = useTopClients(NO_FILTERS, DASHBOARD_TOP_CLIENTS);
  const recent = useRecentActivity();
  const [choosing, { open: choose, close: stopChoosing }] = useDisclosure(false);

  return (
    <>
      <DocumentTitle title="Painel" />
      <PageHeader
        title={user ? `Olá, ${user.firstName}` : 'Olá'}
        description={
          user?.organization ? `Bem-vindo à área de trabalho de ${user.organization.name}.` : undefined
        }
      />
      <Stack gap="xl">
        <section aria-labelledby="overview-title">
          <Title order={2} size="h4" id="overview-title" mb="sm">
            Resumo
          </Title>
          <DashboardStats overview={overview.data} loading={overview.isPending} />
        </section>
        <QuickActions onNewProposal={choose} />
        <NewProposalChooser opened={choosing} onClose={stopChoosing} chooseClient />
        <SimpleGrid
          cols={{ base: 1, lg: 2 }}
          spacing={{ base: 'md', sm: 'lg' }}
          style={{ alignItems: 'start' }}
        >
          <TopClients
            title="Principais clientes"
            actions={<PanelLink to={paths.analytics} label="Ver análises" />}
            variant="compact"
            clients={topClients.data}
            loading={topClients.isPending}
          />
          <RecentActivityCard proposals={recent.data} loading={recent.isPending} />
        </SimpleGrid>
      </Stack>
    </>
  );
}
