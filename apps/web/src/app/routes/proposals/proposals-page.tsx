import { PROPOSAL_STATUSES } from '@aceite/shared/proposal-status';
import { ActionIcon, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { usePlanLimitReason } from '@/api/plan-usage';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { AWAITING_MY_APPROVAL, type ProposalListStatus, paths } from '@/config/paths';
import { ProposalsList } from '@/features/proposals/components/proposals-list';
import { useCan } from '@/lib/authorization';
import { useReadOnlyReason } from '@/lib/trial';
import { NewProposalChooser } from './new-proposal-chooser';

function parseStatus(value: string | null): ProposalListStatus | undefined {
  if (value === AWAITING_MY_APPROVAL) return value;
  return PROPOSAL_STATUSES.find((status) => status === value);
}

/** /proposals: the card grid, filtered by `?status=` and `?search=` (docs/product.md#proposal-screens). */
export function ProposalsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const search = searchParams.get('search')?.trim() ?? '';
  const sort = searchParams.get('sort') === 'lastViewed' ? ('lastViewed' as const) : undefined;
  const canCreate = useCan('proposal:create') === true;
  // 'Nova proposta' offers a blank proposal or a template, and the client, on every screen size (issue 37).
  const [choosing, { open: choose, close: stopChoosing }] = useDisclosure(false);
  // The plan's proposals this month, shown before the user tries (docs/product.md#plans); admins read the usage.
  const planReason = usePlanLimitReason('proposalsPerMonth', useCan('organization:manage') === true);
  // A read-only organization (its trial ended) makes nothing new, for every member (docs/product.md#plans).
  const limitReason = useReadOnlyReason() ?? planReason;

  const setFilters = (filters: { status?: ProposalListStatus; search?: string }) => {
    const next = new URLSearchParams();
    if (filters.status) next.set('status', filters.status);
    if (filters.search) next.set('search', filters.search);
    if (sort) next.set('sort', sort);
    // Typing refines the current view; choosing a status is a new one the back button returns from.
    setSearchParams(next, { replace: filters.status === status });
  };

  return (
    <>
      <DocumentTitle title="Propostas" />
      <PageHeader
        title="Propostas"
        description="Acompanhe cada proposta, do rascunho à resposta do cliente."
        actions={
          canCreate && (
            <>
              <Button
                component={Link}
                to={paths.templates}
                variant="default"
                leftSection={<IconTemplate size={18} aria-hidden="true" />}
                visibleFrom="xs"
              >
                Modelos
              </Button>
              {/* Icon only on a phone, so both actions fit on one line. */}
              <ActionIcon
                component={Link}
                to={paths.templates}
                variant="default"
                size={36}
                aria-label="Modelos"
                hiddenFrom="xs"
              >
                <IconTemplate size={18} aria-hidden="true" />
              </ActionIcon>
              <Stack gap={4} align="flex-end">
                <Button
                  onClick={choose}
                  leftSection={<IconPlus size={18} aria-hidden="true" />}
                  disabled={limitReason !== null}
                  aria-describedby={limitReason ? 'proposals-plan-limit' : undefined}
                >
                  Nova proposta
                </Button>
                {limitReason && <PlanLimitNotice id="proposals-plan-limit" reason={limitReason} />}
              </Stack>
            </>
          )
        }
      />
      <ProposalsList
        status={status}
        search={search}
        onFiltersChange={setFilters}
        onNewProposal={choose}
        sort={sort}
        onSortChange={(next) => {
          // The order lives in the URL beside the filters (docs/product.md#reading).
          const params = new URLSearchParams(searchParams);
          if (next) params.set('sort', next);
          else params.delete('sort');
          setSearchParams(params, { replace: true });
        }}
      />
      {canCreate && <NewProposalChooser opened={choosing} onClose={stopChoosing} chooseClient />}
    </>
  );
}
