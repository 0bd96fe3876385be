import { formatMoney } from '@aceite/shared/money';
import type { TimePoint } from '@aceite/shared/schemas/analytics';
import { Box, Group, Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { NoData } from '@/components/no-data';
import { formatCount } from '@/lib/format';
import { Panel } from './panel';
import { fillMonths, monthLong, monthShort, niceTicks, periodYear } from './time-series';

const BAR_COLOR = 'var(--mantine-color-brand-4)';
const LINE_COLOR = 'var(--mantine-color-orange-9)';
const GRID_COLOR = 'var(--mantine-color-gray-3)';
const LABEL_COLOR = 'var(--mantine-color-dimmed)';

const EUR_COMPACT = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

function Legend() {
  const swatch = (style: React.CSSProperties) => (
    <Box component="span" aria-hidden="true" display="inline-block" style={style} />
  );
  return (
    <Group gap="md" aria-hidden="true">
      <Group gap={6} wrap="nowrap">
        {swatch({ width: 12, height: 12, borderRadius: 3, background: BAR_COLOR })}
        <Text size="xs" c="dimmed">
          Propostas
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        {swatch({ width: 16, height: 3, borderRadius: 2, background: LINE_COLOR })}
        <Text size="xs" c="dimmed">
          Valor
        </Text>
      </Group>
    </Group>
  );
}

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

function Chart({ points, width }: { points: TimePoint[]; width: number }) {
  const [active, setActive] = useState<number | null>(null);
  const narrow = width < 480;
  const height = narrow ? 220 : 280;
  const margin = { top: 12, right: narrow ? 52 : 64, bottom: 40, left: narrow ? 30 : 40 };
  const plotW = Math.max(1, width - margin.left - margin.right);
  const plotH = height - margin.top - margin.bottom;

  const countTicks = niceTicks(Math.max(...points.map((p) => p.count)), { integer: true });
  const valueTicks = niceTicks(Math.max(...points.map((p) => p.value)) / 100);
  const countMax = countTicks.at(-1) ?? 1;
  const valueMax = valueTicks.at(-1) ?? 1;

  const band = plotW / points.length;
  const barW = Math.min(40, band * 0.6);
  const yCount = (c: number) => margin.top + plotH - (c / countMax) * plotH;
  const yValue = (euros: number) => margin.top + plotH - (euros / valueMax) * plotH;
  const xCenter = (i: number) => margin.left + band * i + band / 2;
  // Month labels need about 40 px each; on narrow screens every second or third month is named.
  const labelEvery = Math.max(1, Math.ceil(40 / band));

  const line = points
    .map((p, i) => `${i ? 'L' : 'M'}${xCenter(i).toFixed(1)},${yValue(p.value / 100).toFixed(1)}`)
    .join(' ');

  let lastYear: number | undefined;
  const activePoint = active === null ? undefined : points[active];

  return (
    <Box pos="relative" h={height} onPointerLeave={() => setActive(null)}>
      <svg width={width} height={height} aria-hidden="true" focusable="false" style={{ display: 'block' }}>
        {countTicks.map((t) => (
          <g key={`c${t}`}>
            <line
              x1={margin.left}
              x2={margin.left + plotW}
              y1={yCount(t)}
              y2={yCount(t)}
              stroke={GRID_COLOR}
              strokeDasharray={t === 0 ? undefined : '3 3'}
            />
            <text
              x={margin.left - 6}
              y={yCount(t)}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              fill={LABEL_COLOR}
            >
              {formatCount(t)}
            </text>
          </g>
        ))}
        {valueTicks.map((t, i) => (
          <text
            key={`v${t}`}
            x={margin.left + plotW + 6}
            y={margin.top + plotH - (i / (valueTicks.length - 1)) * plotH}
            dy="0.32em"
            fontSize={11}
            fill={LABEL_COLOR}
          >
            {EUR_COMPACT.format(t)}
          </text>
        ))}
        {points.map((p, i) => {
          const top = yCount(p.count);
          return (
            <rect
              key={p.period}
              x={xCenter(i) - barW / 2}
              y={top}
              width={barW}
              height={Math.max(0, margin.top + plotH - top)}
              rx={Math.min(4, barW / 4)}
              fill={BAR_COLOR}
              opacity={active === null || active === i ? 1 : 0.55}
            />
          );
        })}
        <path d={line} fill="none" stroke={LINE_COLOR} strokeWidth={2.5} strokeLinejoin="round" />
        {points.map((p, i) => (
          <circle
            key={`d${p.period}`}
            cx={xCenter(i)}
            cy={yValue(p.value / 100)}
            r={active === i ? 5 : 3.5}
            fill="var(--mantine-color-body)"
            stroke={LINE_COLOR}
            strokeWidth={2}
          />
        ))}
        {points.map((p, i) => {
          if (i % labelEvery !== 0) return null;
          const year = periodYear(p.period);
          const showYear = year !== lastYear;
          lastYear = year;
          return (
            <text
              key={`x${p.period}`}
              x={xCenter(i)}
              y={margin.top + plotH + 16}
              textAnchor="middle"
              fontSize={11}
              fill={LABEL_COLOR}
            >
              {monthShort(p.period)}
              {showYear && (
                <tspan x={xCenter(i)} dy={13}>
                  {year}
                </tspan>
              )}
            </text>
          );
        })}
        {points.map((p, i) => (
          <rect
            key={`h${p.period}`}
            x={margin.left + band * i}
            y={margin.top}
            width={band}
            height={plotH}
            fill="transparent"
            onPointerEnter={() => setActive(i)}
            onPointerDown={() => setActive(i)}
          />
        ))}
      </svg>
      {activePoint && active !== null && (
        <Paper
          aria-hidden="true"
          shadow="md"
          withBorder
          radius="md"
          px="sm"
          py={6}
          pos="absolute"
          top={margin.top}
          style={{
            left: Math.min(Math.max(0, xCenter(active) - 80), Math.max(0, width - 160)),
            width: 160,
            pointerEvents: 'none',
          }}
        >
          <Text size="xs" fw={700}>
            {monthLong(activePoint.period)}
          </Text>
          <Text size="xs">Propostas: {formatCount(activePoint.count)}</Text>
          <Text size="xs">Aceites: {formatCount(activePoint.acceptedCount)}</Text>
          <Text size="xs">Valor: {formatMoney(activePoint.value)}</Text>
        </Paper>
      )}
    </Box>
  );
}

interface ProposalsOverTimeChartProps {
  points: TimePoint[] | undefined;
  loading: boolean;
}

/**
 * Proposals (bars, left axis) and their value (line, right axis) per month, drawn in plain SVG sized to its
 * container; a visually hidden table gives the same figures to assistive technology.
 */
export function ProposalsOverTimeChart({ points, loading }: ProposalsOverTimeChartProps) {
  const { ref, width } = useElementSize();
  const months = fillMonths(points ?? []);
  return (
    <Panel
      title="Propostas ao longo do tempo"
      description="Número e valor das propostas por mês"
      aside={<Legend />}
    >
      {loading ? (
        <Skeleton h={260} radius="md" />
      ) : months.length === 0 ? (
        <NoData />
      ) : (
        <>
          <Box ref={ref} mih={220}>
            {width > 0 && <Chart points={months} width={width} />}
          </Box>
          <DataTable points={months} />
        </>
      )}
    </Panel>
  );
}
