import { formatMoney } from '@aceite/shared/money';
import type { AnalyticsOverview } from '@aceite/shared/schemas/analytics';
import { SimpleGrid } from '@mantine/core';
import {
  IconCash,
  IconChartPie,
  IconCircleCheck,
  IconFileText,
  IconHourglass,
  IconReceipt,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import { StatCard } from '@/components/stat-card';
import { formatCount, formatPercent } from '@/lib/format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

interface DashboardStatsProps {
  /**
   * `undefined` while loading or after a failure (then the cards show no figures,
   * docs/product.md#analytics-and-dashboard).
   */
  overview: AnalyticsOverview | undefined;
  loading: boolean;
}

/**
 * The cards of the dashboard (docs/product.md#analytics-and-dashboard), in pt-PT euros and percent, each
 * named for what it counts:
 * the number of proposals is the list's (cancelled included, and said); the values leave cancelled ones out.
 */
export function DashboardStats({ overview: o, loading }: DashboardStatsProps) {
  const icon = (Icon: typeof IconCash) => <Icon size={18} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <StatCard
        label="Total de propostas"
        value={o ? formatCount(o.totalProposals + o.cancelledProposals) : null}
        hint={
          o
            ? [
                plural(o.sentProposals, 'enviada', 'enviadas'),
                o.cancelledProposals > 0 ? plural(o.cancelledProposals, 'cancelada', 'canceladas') : null,
              ]
                .filter(Boolean)
                .join(' · ')
            : ''
        }
        icon={icon(IconFileText)}
        loading={loading}
      />
      <StatCard
        label="Valor de todas as propostas"
        value={o ? formatMoney(o.totalValue) : null}
        hint="Rascunhos, em aberto, aceites e perdidas"
        icon={icon(IconCash)}
        loading={loading}
      />
      <StatCard
        label="Valor em aberto"
        value={o ? formatMoney(o.openValue) : null}
        hint={o ? `${formatCount(o.openProposals)} à espera de resposta` : ''}
        icon={icon(IconHourglass)}
        loading={loading}
      />
      <StatCard
        label="Valor aceite"
        value={o ? formatMoney(o.acceptedValue) : null}
        hint={o ? plural(o.acceptedProposals, 'proposta aceite', 'propostas aceites') : ''}
        icon={icon(IconCircleCheck)}
        loading={loading}
      />
      <StatCard
        label="Taxa de conversão"
        value={o ? formatPercent(o.conversionRate) : null}
        hint={
          o
            ? `${formatCount(o.acceptedProposals)} aceites de ${plural(o.sentProposals, 'enviada', 'enviadas')}`
            : ''
        }
        icon={icon(IconChartPie)}
        loading={loading}
      />
      <StatCard
        label="Total de clientes"
        value={o ? formatCount(o.totalClients) : null}
        icon={icon(IconUserStar)}
        loading={loading}
      />
      <StatCard
        label="Utilizadores ativos"
        value={o ? formatCount(o.activeUsers) : null}
        icon={icon(IconUsers)}
        loading={loading}
      />
      <StatCard
        label="Valor médio"
        value={o ? formatMoney(o.avgProposalValue) : null}
        hint="por proposta, sem as canceladas"
        icon={icon(IconReceipt)}
        loading={loading}
      />
    </SimpleGrid>
  );
}
