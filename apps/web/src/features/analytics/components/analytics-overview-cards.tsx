import { formatMoney } from '@aceite/shared/money';
import type { AnalyticsOverview } from '@aceite/shared/schemas/analytics';
import { SimpleGrid } from '@mantine/core';
import { IconChartPie, IconCircleCheck, IconFileText, IconReceipt } from '@tabler/icons-react';
import { StatCard } from '@/components/stat-card';
import { formatCount, formatPercent } from '@/lib/format';

interface AnalyticsOverviewCardsProps {
  /**
   * `undefined` while loading or after a failure (then no figures are shown,
   * docs/product.md#analytics-and-dashboard).
   */
  overview: AnalyticsOverview | undefined;
  loading: boolean;
}

/** The report's four cards (docs/product.md#analytics-and-dashboard); each follows the filters. */
export function AnalyticsOverviewCards({ overview: o, loading }: AnalyticsOverviewCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <StatCard
        label="Total de propostas"
        value={o ? formatCount(o.totalProposals) : null}
        hint={o ? `Valor total: ${formatMoney(o.totalValue)}` : ''}
        icon={<IconFileText size={18} />}
        loading={loading}
      />
      <StatCard
        label="Propostas aceites"
        value={o ? formatCount(o.acceptedProposals) : null}
        hint={o ? `Valor aceite: ${formatMoney(o.acceptedValue)}` : ''}
        icon={<IconCircleCheck size={18} />}
        loading={loading}
      />
      <StatCard
        label="Taxa de conversão"
        value={o ? formatPercent(o.conversionRate) : null}
        hint={
          o
            ? `${formatCount(o.acceptedProposals)} aceites de ${formatCount(o.sentProposals)} ${o.sentProposals === 1 ? 'enviada' : 'enviadas'}`
            : ''
        }
        icon={<IconChartPie size={18} />}
        loading={loading}
      />
      <StatCard
        label="Valor médio por proposta"
        value={o ? formatMoney(o.avgProposalValue) : null}
        icon={<IconReceipt size={18} />}
        loading={loading}
      />
    </SimpleGrid>
  );
}
