import { MESSAGES } from '@aceite/shared/messages';
import type { ProposalSort, ProposalSummary } from '@aceite/shared/schemas/proposals';
import {
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFileText, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelStates } from '@/components/panel-states';
import { AWAITING_MY_APPROVAL, type ProposalListStatus, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { useReadOnlyReason } from '@/lib/trial';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-list-search';
import { useProposals } from '../api/get-proposals';
import { ProposalCard } from './proposal-card';
import { ProposalSortSelect } from './proposal-sort-select';
import { ProposalStatusFilter } from './proposal-status-filter';
import { useConfirmDeleteProposal } from './use-confirm-delete-proposal';

const GRID_COLS = { base: 1, xs: 2, md: 3, xl: 4 };

interface ProposalsListProps {
  /** A status, or 'Para aprovar' (docs/product.md#approvals). */
  status: ProposalListStatus | undefined;
  search: string;
  onFiltersChange: (filters: { status?: ProposalListStatus; search?: string }) => void;
  /** The order (docs/product.md#reading); absent: newest first. */
  sort?: ProposalSort;
  onSortChange?: (sort: ProposalSort | undefined) => void;
  /** 'Nova proposta' in the empty state: the choice of a blank proposal or a template. */
  onNewProposal?: () => void;
}

function LoadingGrid() {
  return (
    <Box role="status" aria-label="A carregar propostas">
      <SimpleGrid cols={GRID_COLS} spacing="md">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Card key={key} withBorder radius="lg" padding="md" aria-hidden="true">
            <Stack gap="sm">
              <Skeleton height={18} width="70%" />
              <Skeleton height={12} width="50%" />
              <Skeleton height={26} width="40%" />
              <Skeleton height={12} width="60%" />
              <Skeleton height={12} width="45%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Search box whose text follows the URL when the URL changes elsewhere (a sidebar link). */
function SearchBox({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== text.trim()) setText(value);
  }
  const commit = useDebouncedCallback((next: string) => onChange(next.trim()), SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      type="search"
      aria-label="Pesquisar propostas"
      placeholder="Pesquisar por título, número ou cliente"
      maxLength={200}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 340 }}
    />
  );
}

/**
 * The proposals card grid (docs/product.md#proposal-screens): status filter, search, server paging, edit and
 * delete.
 */
export function ProposalsList({
  status,
  search,
  onFiltersChange,
  onNewProposal,
  sort,
  onSortChange,
}: ProposalsListProps) {
  const authorization = useAuthorization();
  const readOnly = useReadOnlyReason() !== null;
  const confirmDelete = useConfirmDeleteProposal();
  const awaitingMyApproval = status === AWAITING_MY_APPROVAL;
  const query = useProposals({
    status: awaitingMyApproval ? undefined : status,
    awaitingMyApproval: awaitingMyApproval || undefined,
    search: search || undefined,
    sort,
  });
  const filtered = Boolean(status || search);

  // Offset pages can repeat a card when proposals are added between two pages; show each once.
  const seen = new Set<string>();
  const proposals: ProposalSummary[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const proposal of page.data) {
      if (seen.has(proposal.id)) continue;
      seen.add(proposal.id);
      proposals.push(proposal);
    }
  }
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;

  const body = (
    <PanelStates
      query={query}
      loadingLabel="A carregar propostas"
      loading={<LoadingGrid />}
      error={{
        title: MESSAGES.proposalsLoadError,
        message: 'Verifique a ligação e tente novamente.',
        fixed: true,
      }}
      isEmpty={() => proposals.length === 0}
      empty={
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {filtered ? (
            <EmptyState
              icon={<IconSearch size={28} aria-hidden="true" />}
              variant="light"
              title="Nenhuma proposta encontrada"
              description="Experimente outro estado ou outra pesquisa."
            >
              <EmptyState.Actions>
                <Button variant="default" onClick={() => onFiltersChange({})}>
                  Limpar filtros
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<IconFileText size={28} aria-hidden="true" />}
              variant="light"
              title="Ainda não há propostas"
              description="Crie a primeira proposta de raiz ou a partir de um modelo."
            >
              {/* None while read-only: the page's own 'Nova proposta' says why (docs/product.md#plans). */}
              {authorization.can('proposal:create') === true && !readOnly && (
                <EmptyState.Actions>
                  {onNewProposal ? (
                    <Button onClick={onNewProposal} leftSection={<IconPlus size={16} aria-hidden="true" />}>
                      Nova proposta
                    </Button>
                  ) : (
                    <Button
                      component={Link}
                      to={paths.proposalNew}
                      leftSection={<IconPlus size={16} aria-hidden="true" />}
                    >
                      Nova proposta
                    </Button>
                  )}
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}
        </Paper>
      }
    >
      {() => (
        <Stack gap="lg">
          <SimpleGrid
            cols={GRID_COLS}
            spacing="md"
            aria-busy={query.isPlaceholderData}
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease' }}
          >
            {proposals.map((proposal) => (
              <ProposalCard
                key={proposal.id}
                proposal={proposal}
                canManage={authorization.canManageProposal(proposal.ownerId) === true}
                canDelete={authorization.canDeleteProposal(proposal.ownerId, proposal.status) === true}
                canDuplicate={authorization.can('proposal:create') === true}
                onDelete={(target) => confirmDelete(target)}
              />
            ))}
          </SimpleGrid>
          <Stack align="center" gap="xs">
            <Text size="sm" c="dimmed" role="status">
              A mostrar {proposals.length} de {total} {total === 1 ? 'proposta' : 'propostas'}
            </Text>
            {query.hasNextPage && (
              <Button
                variant="default"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Carregar mais
              </Button>
            )}
            {query.isFetchNextPageError && (
              <Text size="sm" c="red">
                {MESSAGES.proposalsLoadError}
              </Text>
            )}
          </Stack>
        </Stack>
      )}
    </PanelStates>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchBox value={search} onChange={(next) => onFiltersChange({ status, search: next })} />
        {onSortChange && <ProposalSortSelect value={sort} onChange={onSortChange} />}
      </Group>
      <ProposalStatusFilter value={status} onChange={(next) => onFiltersChange({ status: next, search })} />
      {body}
    </Stack>
  );
}
