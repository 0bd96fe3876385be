import { formatMoney } from '@aceite/shared/money';
import type { TimePoint } from '@aceite/shared/schemas/analytics';
import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { NoData } from '@/components/no-data';
import { SectionPanel } from '@/components/section-panel';
import { formatCount } from '@/lib/format';
import { fillMonths, monthLong } from './time-series';

// The plot is recharts (through @mantine/charts), about 130 kB gzip: in the route's chunk it would put the
// analytics route over its 300 kB initial-JS budget (docs/architecture.md#budgets,
// scripts/check-bundle-size.mjs), so it is a chunk of its own, requested when the panel mounts (in parallel
// with the report's API calls) and shown behind the same Skeleton as the loading data.
const loadPlot = () => import('./proposals-over-time-plot');
const ProposalsOverTimePlot = lazy(async () => ({ default: (await loadPlot()).ProposalsOverTimePlot }));
const PLOT_HEIGHT = { base: 220, sm: 280 };
const PLOT_SKELETON = <Skeleton h={PLOT_HEIGHT} radius="md" />;

/** The text alternative of the chart: every month's figures. */
function DataTable({ points }: { points: TimePoint[] }) {
  return (
    <VisuallyHidden>
      <Table>
        <Table.Caption>Propostas e valor por mês</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Mês</Table.Th>
            <Table.Th scope="col">Propostas</Table.Th>
            <Table.Th scope="col">Valor</Table.Th>
            <Table.Th scope="col">Aceites</Table.Th>
            <Table.Th scope="col">Valor aceite</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((p) => (
            <Table.Tr key={p.period}>
              <Table.Th scope="row">{monthLong(p.period)}</Table.Th>
              <Table.Td>{formatCount(p.count)}</Table.Td>
              <Table.Td>{formatMoney(p.value)}</Table.Td>
              <Table.Td>{formatCount(p.acceptedCount)}</Table.Td>
              <Table.Td>{formatMoney(p.acceptedValue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

interface ProposalsOverTimeChartProps {
  points: TimePoint[] | undefined;
  loading: boolean;
}

/**
 * Proposals (bars) and their value (line) per month, months without proposals shown as zeros; a visually
 * hidden table gives the same figures to assistive technology.
 */
export function ProposalsOverTimeChart({ points, loading }: ProposalsOverTimeChartProps) {
  const months = fillMonths(points ?? []);
  // A failed prefetch is ignored: rendering the plot imports it again, and a failure there reaches the
  // route's error boundary like any other chunk that cannot load.
  useEffect(() => {
    loadPlot().catch(() => {});
  }, []);
  return (
    <SectionPanel title="Propostas ao longo do tempo" description="Número e valor das propostas por mês">
      {loading ? (
        PLOT_SKELETON
      ) : months.length === 0 ? (
        <NoData />
      ) : (
        <>
          <Suspense fallback={PLOT_SKELETON}>
            <ProposalsOverTimePlot points={months} h={PLOT_HEIGHT} />
          </Suspense>
          <DataTable points={months} />
        </>
      )}
    </SectionPanel>
  );
}
