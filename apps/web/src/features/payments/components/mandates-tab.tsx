import {
  MANDATE_STATUS_LABELS,
  type Mandate,
  type MandateStatus,
} from '@aceite/shared/schemas/sepa-collections';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useMandates, useRevokeMandate } from '../api/payments';
import { useMandatesParams } from './list-params';
import { planRefusal } from './plan-or-error';

const FILTERS = [
  { value: 'active', label: 'Ativos' },
  { value: 'revoked', label: 'Revogados' },
  { value: 'all', label: 'Todos' },
];

function MandateRow({ mandate, canManage }: { mandate: Mandate; canManage: boolean }) {
  const revoke = useRevokeMandate();
  const confirmRevoke = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Revogar mandato',
      children: (
        <Text size="sm">
          Tem a certeza de que quer revogar o mandato <strong>{mandate.reference}</strong> de{' '}
          {mandate.debtorName}? As cobranças por cobrar deixam de ser exportadas.
        </Text>
      ),
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast.
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        revoke.mutate(mandate.id, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'green',
              message: `O mandato ${mandate.reference} foi revogado.`,
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'red',
              message: errorMessage(error, 'Erro ao revogar o mandato.'),
            }),
        }),
    });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="mandate-row">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {mandate.debtorName}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {mandate.debtorIbanMasked}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Referência {mandate.reference} ·{' '}
            <Link to={paths.proposal(mandate.proposalId)}>
              {mandate.proposalNumber ?? mandate.proposalTitle}
            </Link>{' '}
            · Assinado em {formatDate(mandate.signedAt)}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge color={mandate.status === 'active' ? 'green' : 'gray'} variant="light">
            {MANDATE_STATUS_LABELS[mandate.status]}
          </Badge>
          {canManage && mandate.status === 'active' && (
            <Button
              size="xs"
              variant="default"
              color="red.8"
              onClick={confirmRevoke}
              loading={revoke.isPending}
            >
              Revogar
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** "Mandatos" (docs/product.md#mandates-collections-and-the-file): what the clients signed, the IBAN masked; paged. */
export function MandatesTab({ canManage }: { canManage: boolean }) {
  const { status: filter, setStatus, page, setPage } = useMandatesParams();
  const query = useMandates(filter === 'all' ? undefined : filter, page);
  const isMobile = useIsMobile();
  const refusal = planRefusal(query.error);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Estado dos mandatos"
        data={FILTERS}
        value={filter}
        onChange={(value) => setStatus(value as MandateStatus | 'all')}
        style={{ alignSelf: 'flex-start' }}
      />
      {refusal ? (
        <PlanLimitNotice id="mandates-plan-limit" reason={refusal} />
      ) : (
        <>
          <ListStates
            query={query}
            rows={query.data?.data}
            loadingLabel="A carregar os mandatos…"
            errorTitle="Erro ao carregar os mandatos"
            page={page}
            onFirstPage={() => setPage(1)}
            empty={{ title: 'Ainda não há mandatos.' }}
          >
            {(mandates) => (
              <Stack gap="xs">
                {mandates.map((mandate) => (
                  <MandateRow key={mandate.id} mandate={mandate} canManage={canManage} />
                ))}
              </Stack>
            )}
          </ListStates>
          <ListPagination
            label="Paginação dos mandatos"
            page={page}
            totalPages={query.data?.pagination.totalPages ?? 1}
            onChange={setPage}
            compact={isMobile}
          />
        </>
      )}
    </Stack>
  );
}
