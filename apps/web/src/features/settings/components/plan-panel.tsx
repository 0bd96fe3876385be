import { formatInstantDate } from '@aceite/shared/dates';
import { type LimitKind, limitsOf, planLimitMessage } from '@aceite/shared/plans';
import type { PlanUsage, UsageFigure } from '@aceite/shared/schemas/plan-usage';
import { Alert, Badge, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { usePlanUsage } from '@/api/plan-usage';
import { PanelStates } from '@/components/panel-states';
import { formatStorage } from '@/lib/format-storage';
import { PlanChange } from './change-plan';

const WHOLE = new Intl.NumberFormat('pt-PT');

// Written once in lib/format-storage.ts: the platform's organizations list shows storage the same way.
export { formatStorage };

/** Share of the limit at which the upgrade hint shows before the limit is reached (docs/product.md#plans). */
const NEAR_LIMIT = 0.8;

interface FigureRowProps {
  label: string;
  figure: UsageFigure;
  format: (n: number) => string;
  /** The plan's refusal, shown near or at the limit. */
  hint: string;
}

function FigureRow({ label, figure, format, hint }: FigureRowProps) {
  const { used, limit } = figure;
  const share = limit === null || limit === 0 ? 0 : used / limit;
  const reached = limit !== null && used >= limit;
  const near = limit !== null && share >= NEAR_LIMIT;
  const text = limit === null ? `${format(used)} (ilimitado)` : `${format(used)} de ${format(limit)}`;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Text size="sm" c={reached ? 'red.8' : undefined}>
          {text}
        </Text>
      </Group>
      {limit !== null && (
        // The section is the progressbar: it carries the name (axe's aria-progressbar-name).
        <Progress.Root>
          <Progress.Section
            value={Math.min(100, Math.round(share * 100))}
            color={reached ? 'red' : near ? 'orange' : 'blue'}
            aria-label={`${label}: ${text}`}
          />
        </Progress.Root>
      )}
      {near && (
        <Text size="xs" c={reached ? 'red.8' : 'dimmed'}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}

function Availability({ label, available }: { label: string; available: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {available ? (
        <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden="true" />
      ) : (
        <IconX size={16} color="var(--mantine-color-red-8)" aria-hidden="true" />
      )}
      <Text size="sm">
        {label}: {available ? 'incluído' : 'não incluído'}
      </Text>
    </Group>
  );
}

function priceText(usage: PlanUsage): string {
  if (usage.priceMonthly === null) return 'Preço sob consulta';
  const yearly = usage.priceYearly === null ? '' : ` ou ${WHOLE.format(usage.priceYearly)} €/ano`;
  return `${WHOLE.format(usage.priceMonthly)} €/mês${yearly}`;
}

const FIGURES: { kind: LimitKind; label: string; pick: (u: PlanUsage) => UsageFigure }[] = [
  { kind: 'proposalsPerMonth', label: 'Propostas este mês', pick: (u) => u.proposalsThisMonth },
  { kind: 'users', label: 'Utilizadores (incluindo convites pendentes)', pick: (u) => u.users },
  { kind: 'templates', label: 'Modelos', pick: (u) => u.templates },
  { kind: 'storageBytes', label: 'Armazenamento', pick: (u) => u.storageBytes },
];

function PlanContent({ usage }: { usage: PlanUsage }) {
  const limits = limitsOf(usage.plan);
  const featureHint =
    !limits.api || !limits.webhooks
      ? planLimitMessage(usage.plan, !limits.api ? 'apiKeys' : 'webhooks')
      : null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2} size="h3">
            Plano {usage.planName}
          </Title>
          {usage.trialEndsAt && <Badge variant="light">Em período de teste</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {priceText(usage)}
        </Text>
        {usage.trialEndsAt && (
          <Text size="sm" fw={500} c={usage.readOnly ? 'orange.9' : undefined}>
            {usage.readOnly
              ? `O período de teste terminou a ${formatInstantDate(usage.trialEndsAt)}. A organização está só de leitura.`
              : `O período de teste termina a ${formatInstantDate(usage.trialEndsAt)}.`}
          </Text>
        )}
      </Stack>
      <PlanChange usage={usage} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {FIGURES.map(({ kind, label, pick }) => (
          <FigureRow
            key={kind}
            label={label}
            figure={pick(usage)}
            format={kind === 'storageBytes' ? formatStorage : (n) => WHOLE.format(n)}
            hint={planLimitMessage(usage.plan, kind)}
          />
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Availability label="Acesso à API" available={usage.api} />
        <Availability label="Webhooks" available={usage.webhooks} />
      </Stack>
      {featureHint && (
        <Alert variant="light" color="blue">
          {featureHint}
        </Alert>
      )}
    </Stack>
  );
}

/** Configurações → Plano (admins): the plan, its price and what the organization uses of it. */
export function PlanPanel() {
  const query = usePlanUsage();
  return (
    <PanelStates
      query={query}
      loadingLabel="A carregar o plano…"
      error={{
        title: 'Erro ao carregar o plano',
        message: 'Não foi possível carregar o plano. Tente novamente.',
      }}
    >
      {(usage) => <PlanContent usage={usage} />}
    </PanelStates>
  );
}
