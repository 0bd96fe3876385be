import { formatInstantDate } from '@aceite/shared/dates';
import { limitsOf, type PlanId } from '@aceite/shared/plans';
import { PLANS, planById } from '@aceite/shared/pricing';
import type { AdminOrganization } from '@aceite/shared/schemas/admin';
import { Badge, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuilding, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { SearchInput } from '@/components/search-input';
import { formatCount } from '@/lib/format';
import { formatStorage } from '@/lib/format-storage';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useAdminOrganizations } from '../api/get-admin-organizations';
import type { AdminOrganizationsParams } from '../api/keys';
import { OrganizationPlanModal } from './organization-plan-modal';

const PLAN_FILTER_OPTIONS = [
  { value: '', label: 'Todos os planos' },
  ...PLANS.map((p) => ({ value: p.id, label: p.name })),
];

export const isPlanId = (value: string | null): value is PlanId => PLANS.some((p) => p.id === value);

export type AdminOrganizationsFilterChange = Partial<Omit<AdminOrganizationsParams, 'page'>>;

/** "12 / 50", or "12" when the plan has no limit. */
function ofLimit(used: number, limit: number | null, format: (n: number) => string = formatCount) {
  return limit === null ? format(used) : `${format(used)} / ${format(limit)}`;
}

function TrialEnd({ organization }: { organization: AdminOrganization }) {
  if (!organization.trialEndsAt) return <>—</>;
  const ended = new Date(organization.trialEndsAt).getTime() <= Date.now();
  return (
    <Text span size="sm" c={ended ? 'red.8' : undefined}>
      {formatInstantDate(organization.trialEndsAt)}
      {ended ? ' (terminado)' : ''}
    </Text>
  );
}

const USAGE_LABELS = ['Propostas este mês', 'Utilizadores', 'Modelos', 'Armazenamento'] as const;

/** The usage figures in the order of `USAGE_LABELS`, each against its plan's limit. */
function usageValues(o: AdminOrganization): string[] {
  const limits = limitsOf(o.plan);
  return [
    ofLimit(o.usage.proposalsThisMonth, limits.proposalsPerMonth),
    ofLimit(o.usage.users, limits.users),
    ofLimit(o.usage.templates, limits.templates),
    ofLimit(o.usage.storageBytes, limits.storageBytes, formatStorage),
  ];
}

function ManageButton({ o, onManage }: { o: AdminOrganization; onManage: (o: AdminOrganization) => void }) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconSettings size={14} aria-hidden="true" />}
      onClick={() => onManage(o)}
      aria-label={`Gerir o plano de ${o.name}`}
    >
      Gerir plano
    </Button>
  );
}

function columns(onManage: (o: AdminOrganization) => void): ListColumn<AdminOrganization>[] {
  return [
    {
      header: 'Organização',
      cell: (o) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {o.name}
          </Text>
          {o.domain && (
            <Text size="xs" c="dimmed">
              {o.domain}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Plano', cell: (o) => <Badge variant="light">{planById(o.plan).name}</Badge> },
    { header: 'Fim do teste', cell: (o) => <TrialEnd organization={o} /> },
    ...USAGE_LABELS.map(
      (header, i): ListColumn<AdminOrganization> => ({ header, cell: (o) => usageValues(o)[i] }),
    ),
    {
      header: 'Ações',
      hideHeader: true,
      align: 'right',
      cell: (o) => <ManageButton o={o} onManage={onManage} />,
    },
  ];
}

function OrganizationCard({
  o,
  onManage,
}: {
  o: AdminOrganization;
  onManage: (o: AdminOrganization) => void;
}) {
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{o.name}</Text>
        <Badge variant="light">{planById(o.plan).name}</Badge>
      </Group>
      <Text size="sm">
        Fim do teste: <TrialEnd organization={o} />
      </Text>
      {USAGE_LABELS.map((label, i) => (
        <Text size="sm" key={label}>
          {label}: {usageValues(o)[i]}
        </Text>
      ))}
      <Group justify="flex-end" mt="sm">
        <ManageButton o={o} onManage={onManage} />
      </Group>
    </>
  );
}

interface AdminOrganizationsListProps {
  params: AdminOrganizationsParams;
  onFiltersChange: (change: AdminOrganizationsFilterChange) => void;
  onPageChange: (page: number) => void;
}

/**
 * Every organization with its plan, trial end and usage, filtered by plan and "Teste termina em ≤ 3 dias",
 * 50 per page (docs/product.md#platform-administration); "Gerir plano" opens the plan tools.
 */
export function AdminOrganizationsList({
  params,
  onFiltersChange,
  onPageChange,
}: AdminOrganizationsListProps) {
  const isMobile = useIsMobile();
  const debouncedSearch = useDebouncedSearch(params.search);
  const query = useAdminOrganizations({ ...params, search: debouncedSearch });
  const [managed, setManaged] = useState<AdminOrganization | null>(null);
  const result = query.data;
  const total = result?.total ?? 0;
  const isFiltered = debouncedSearch !== '' || params.plan !== null || params.trialEndingSoon;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm" maw={{ md: 880 }}>
        <SearchInput
          label="Pesquisar organizações"
          placeholder="Nome ou domínio"
          value={params.search}
          onChange={(search) => onFiltersChange({ search })}
          searching={query.isFetching && !query.isPending}
        />
        <NativeSelect
          label="Plano"
          data={PLAN_FILTER_OPTIONS}
          value={params.plan ?? ''}
          onChange={(event) => {
            const { value } = event.currentTarget;
            onFiltersChange({ plan: isPlanId(value) ? value : null });
          }}
        />
        <Checkbox
          mt={{ sm: 30 }}
          label="Teste termina em ≤ 3 dias"
          checked={params.trialEndingSoon}
          onChange={(event) => onFiltersChange({ trialEndingSoon: event.currentTarget.checked })}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" role="status" aria-live="polite" mih="1.5em">
        {result ? (total === 1 ? '1 organização' : `${formatCount(total)} organizações`) : null}
      </Text>
      <ListStates
        query={query}
        rows={result?.organizations}
        loadingLabel="A carregar organizações…"
        errorTitle="Erro ao carregar organizações"
        page={params.page}
        onFirstPage={() => onPageChange(1)}
        isFiltered={isFiltered}
        filtered={{
          title: 'Nenhuma organização encontrada',
          description: 'Experimente outro nome, plano ou filtro.',
        }}
        empty={{ icon: <IconBuilding size={28} aria-hidden="true" />, title: 'Ainda não há organizações' }}
      >
        {(organizations) => (
          <ResponsiveList
            rows={organizations}
            rowKey={(o) => o.id}
            columns={columns(setManaged)}
            card={(o) => <OrganizationCard o={o} onManage={setManaged} />}
            label="Organizações"
            tableLabel="Tabela de organizações"
            minWidth={980}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação de organizações"
        page={params.page}
        totalPages={result?.totalPages ?? 1}
        onChange={onPageChange}
        compact={isMobile}
      />
      <OrganizationPlanModal organization={managed} onClose={() => setManaged(null)} />
    </Stack>
  );
}
