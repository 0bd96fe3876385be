import { formatEurosCompact, formatMoney } from '@aceite/shared/money';
import type { TimePoint } from '@aceite/shared/schemas/analytics';
import { CompositeChart, type CompositeChartProps, type CompositeChartSeries } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { formatCount } from '@/lib/format';
import { isJanuary, monthLong, monthShort, periodYear } from './time-series';

const SERIES: CompositeChartSeries[] = [
  { name: 'count', label: 'Propostas', color: 'brand.4', type: 'bar' },
  { name: 'euros', label: 'Valor', color: 'orange.9', type: 'line', yAxisId: 'right' },
];

/** The month under the pointer; recharts hands the hovered row over as `payload[0].payload`. */
function MonthTooltip({ point }: { point: TimePoint | undefined }) {
  if (!point) return null;
  return (
    <Paper shadow="md" withBorder radius="md" px="sm" py={6} w={170}>
      <Text size="xs" fw={700}>
        {monthLong(point.period)}
      </Text>
      <Text size="xs">Propostas: {formatCount(point.count)}</Text>
      <Text size="xs">Aceites: {formatCount(point.acceptedCount)}</Text>
      <Text size="xs">Valor: {formatMoney(point.value)}</Text>
    </Paper>
  );
}

/** 'jan', with the year under the first month and every January so the axis never hides a year change. */
function monthTick(period: string, index: number): string {
  const month = monthShort(period);
  return index === 0 || isJanuary(period) ? `${month} ${periodYear(period)}` : month;
}

/**
 * Proposals per month (bars, left axis) and their value in euros (line, right axis). Hidden from assistive
 * technology, with recharts' keyboard layer off (a focusable element may not sit under aria-hidden): the
 * panel's visually hidden table carries the same figures.
 */
export function ProposalsOverTimePlot({ points, h }: { points: TimePoint[]; h: CompositeChartProps['h'] }) {
  const data = points.map((p) => ({ ...p, euros: p.value / 100 }));
  return (
    <CompositeChart
      aria-hidden="true"
      h={h}
      data={data}
      dataKey="period"
      series={SERIES}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36 }}
      withRightYAxis
      accessibilityLayer={false}
      curveType="linear"
      maxBarWidth={40}
      barProps={{ radius: [4, 4, 0, 0] }}
      xAxisProps={{ tickFormatter: monthTick }}
      yAxisProps={{ allowDecimals: false, tickFormatter: formatCount, width: 40 }}
      rightYAxisProps={{ tickFormatter: (euros: number) => formatEurosCompact(euros), width: 64 }}
      tooltipProps={{ content: ({ payload }) => <MonthTooltip point={payload?.[0]?.payload} /> }}
    />
  );
}
