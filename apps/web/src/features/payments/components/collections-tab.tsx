import { formatCalendarDateLong } from '@aceite/shared/dates';
import { formatMoney } from '@aceite/shared/money';
import {
  COLLECTION_STATUS_LABELS,
  COLLECTION_STATUSES,
  type Collection,
  type CollectionStatus,
  PAIN008_VERSIONS,
  type Pain008VersionChoice,
} from '@aceite/shared/schemas/sepa-collections';
import { sepaOverdueNeedsNoticeMessage } from '@aceite/shared/sepa/messages';
import {
  returnReasonLabel,
  SEPA_RETURN_REASON_CODES,
  type SepaReturnReason,
} from '@aceite/shared/sepa/return-reasons';
import { earliestCollectionDate, sepaCalendarDay } from '@aceite/shared/sepa/schedule-core';
import { Badge, Box, Button, Group, Modal, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { useIsMobile } from '@/lib/use-is-mobile';
import {
  EXPORT_NOT_DOWNLOADED,
  useCollections,
  useExportCollections,
  useSettleCollection,
} from '../api/payments';
import {
  COLLECTION_STATUS_COLORS,
  groupByDate,
  hasOverdue,
  isExportable,
  SEQUENCE_TYPE_LABELS,
} from './labels';
import { useCollectionsParams } from './list-params';
import { planRefusal } from './plan-or-error';

const notify = (color: 'green' | 'red', message: string) =>
  notifications.show({ closeButtonProps: { 'aria-label': 'Fechar notificação' }, color, message });

const STATUS_OPTIONS = [
  { value: 'all', label: 'Todas' },
  ...COLLECTION_STATUSES.map((status) => ({ value: status, label: COLLECTION_STATUS_LABELS[status] })),
];

const VERSION_LABELS: Record<Pain008VersionChoice, string> = {
  '001.02': 'pain.008.001.02 (aceite pelos bancos portugueses)',
  '001.08': 'pain.008.001.08',
};

/**
 * The earliest date an overdue collection can be re-dated to: the organization's SEPA day (`sepaCalendarDay` in
 * its time zone from /auth/me, Lisbon while unknown, as the server's export counts it) plus the notice period,
 * so its new pre-notification comes in time.
 */
function earliestNewDate(timeZone: string | null | undefined): string {
  return earliestCollectionDate(sepaCalendarDay(new Date(), timeZone));
}

/** What the export dialog is for: a date's collections, or the overdue ones on a date to choose. */
type ExportRequest = { kind: 'date'; date: string } | { kind: 'newDate' };

function ExportDialog({
  request,
  opened,
  onClose,
}: {
  /** Kept while the dialog closes, so its title and text do not change as it fades. */
  request: ExportRequest | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [version, setVersion] = useState<Pain008VersionChoice>('001.02');
  // '' until the user picks one: the earliest date is the default.
  const [chosen, setChosen] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const exportFile = useExportCollections();
  const earliest = earliestNewDate(useAuthStore((state) => state.user?.organization?.timeZone));
  const newDate = request?.kind === 'newDate';
  const close = () => {
    setChosen('');
    setDateError(null);
    onClose();
  };
  const submit = () => {
    if (!request) return;
    const date = request.kind === 'date' ? request.date : chosen || earliest;
    if (request.kind === 'newDate' && date < earliest) {
      setDateError(sepaOverdueNeedsNoticeMessage(earliest));
      return;
    }
    exportFile.mutate(
      { collectionDate: date, version },
      {
        onSuccess: (exported) => {
          notify('green', `Ficheiro SEPA exportado: ${exported.numberOfTransactions} cobrança(s).`);
          close();
        },
        onError: (error) =>
          notify(
            'red',
            error instanceof Error && error.message === EXPORT_NOT_DOWNLOADED
              ? EXPORT_NOT_DOWNLOADED
              : errorMessage(error, 'Erro ao exportar o ficheiro SEPA.'),
          ),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={newDate ? 'Exportar com nova data' : 'Exportar ficheiro SEPA'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        {request?.kind === 'date' && (
          <Text size="sm">
            As cobranças por cobrar de {formatCalendarDateLong(request.date)} passam a submetidas e o ficheiro
            é descarregado para entregar ao banco.
          </Text>
        )}
        {newDate && (
          <>
            <Text size="sm">
              Todas as cobranças em atraso passam para a data escolhida, com as dessa data, e ficam
              submetidas; cada devedor recebe um novo pré-aviso com a nova data. O ficheiro é descarregado
              para entregar ao banco.
            </Text>
            <DateField
              label="Data de cobrança"
              description={`A partir de ${formatCalendarDateLong(earliest)}: o pré-aviso chega antes do débito.`}
              value={chosen || earliest}
              onChange={(value) => {
                setChosen(value);
                setDateError(null);
              }}
              minDate={earliest}
              error={dateError}
              required
            />
          </>
        )}
        <Radio.Group
          label="Versão do ficheiro"
          value={version}
          onChange={(value) => setVersion(value === '001.08' ? '001.08' : '001.02')}
        >
          <Stack gap="xs" mt="xs">
            {PAIN008_VERSIONS.map((v) => (
              <Radio key={v} value={v} label={VERSION_LABELS[v]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={exportFile.isPending}>
            Exportar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReturnDialog({ collection, onClose }: { collection: Collection | null; onClose: () => void }) {
  const [reason, setReason] = useState<SepaReturnReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settle = useSettleCollection();
  const close = () => {
    setReason(null);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!collection) return;
    if (!reason) {
      setError('Escolha o motivo da devolução.');
      return;
    }
    settle.mutate(
      { id: collection.id, outcome: 'returned', reason },
      {
        onSuccess: () => {
          notify('green', 'Cobrança marcada como devolvida.');
          close();
        },
        onError: (e) => setError(errorMessage(e, 'Erro ao marcar a cobrança como devolvida.')),
      },
    );
  };
  return (
    <Modal
      opened={collection !== null}
      onClose={close}
      title="Marcar como devolvida"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Select
          label="Motivo da devolução"
          placeholder="Escolha o motivo"
          searchable
          data={SEPA_RETURN_REASON_CODES.map((code) => ({ value: code, label: returnReasonLabel(code) }))}
          value={reason}
          onChange={(value) => {
            setReason(value as SepaReturnReason | null);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button color="red.8" onClick={submit} loading={settle.isPending}>
            Marcar como devolvida
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CollectionRow({
  collection,
  canManage,
  onReturn,
}: {
  collection: Collection;
  canManage: boolean;
  onReturn: (collection: Collection) => void;
}) {
  const settle = useSettleCollection();
  const markPaid = () =>
    settle.mutate(
      { id: collection.id, outcome: 'paid' },
      {
        onSuccess: () => notify('green', 'Cobrança marcada como paga.'),
        onError: (error) => notify('red', errorMessage(error, 'Erro ao marcar a cobrança como paga.')),
      },
    );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="collection-row">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {collection.debtorName}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Link to={paths.proposal(collection.proposalId)}>
              {collection.proposalNumber ?? collection.proposalTitle}
            </Link>{' '}
            · {SEQUENCE_TYPE_LABELS[collection.sequenceType]} · {collection.debtorIbanMasked}
          </Text>
          {collection.status === 'due' && collection.debtorEmailMissing && (
            <Text size="sm" c="orange.9">
              O mandato não tem o email do devedor: esta cobrança não entra no ficheiro sem o pré-aviso.
            </Text>
          )}
          {collection.returnReason && (
            <Text size="sm" c="red.8">
              {returnReasonLabel(collection.returnReason)}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fw={600}>{formatMoney(collection.amountCents)}</Text>
          <Group gap={4} justify="flex-end">
            <Badge color={COLLECTION_STATUS_COLORS[collection.status]} variant="light">
              {COLLECTION_STATUS_LABELS[collection.status]}
            </Badge>
            {collection.overdue && (
              <Badge color="red.8" variant="outline">
                Em atraso
              </Badge>
            )}
            {collection.status === 'due' && collection.debtorEmailMissing && (
              <Badge color="orange.9" variant="outline">
                Pré-aviso por enviar
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      {canManage && collection.status === 'submitted' && (
        <Group gap="xs" mt="sm" justify="flex-end">
          <Button size="xs" variant="default" onClick={markPaid} loading={settle.isPending}>
            Marcar como paga
          </Button>
          <Button size="xs" variant="default" color="red.8" onClick={() => onReturn(collection)}>
            Marcar como devolvida
          </Button>
        </Group>
      )}
    </Paper>
  );
}

const countLabel = (total: number) => (total === 1 ? '1 cobrança' : `${total} cobranças`);

/**
 * "Cobranças" (docs/product.md#mandates-collections-and-the-file): the collections by date, filtered by status
 * and a date range and paged, the SEPA file per date (the overdue ones with a new date, pre-notified again), and
 * what the bank answered. The grouping and the export buttons work on the page shown.
 */
export function CollectionsTab({ canManage }: { canManage: boolean }) {
  const { status, from, to, page, setPage, filters, setFilters } = useCollectionsParams();
  const query = useCollections(filters);
  const isMobile = useIsMobile();
  const [exportRequest, setExportRequest] = useState<ExportRequest | null>(null);
  const [exporting, setExporting] = useState(false);
  const askExport = (request: ExportRequest) => {
    setExportRequest(request);
    setExporting(true);
  };
  const [returning, setReturning] = useState<Collection | null>(null);
  const refusal = planRefusal(query.error);
  const clearFilters = () => setFilters({ status: null, from: '', to: '' });
  const isFiltered = status !== undefined || from !== '' || to !== '';
  const result = query.data;

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Estado"
          data={STATUS_OPTIONS}
          value={status ?? 'all'}
          onChange={(value) =>
            setFilters({ status: value && value !== 'all' ? (value as CollectionStatus) : null })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        {/* Each end bounds the other's calendar: the range is never reversed. */}
        <Box w={{ base: '100%', xs: 180 }}>
          <DateField
            label="De"
            value={from}
            onChange={(value) => setFilters({ from: value })}
            maxDate={to || undefined}
          />
        </Box>
        <Box w={{ base: '100%', xs: 180 }}>
          <DateField
            label="Até"
            value={to}
            onChange={(value) => setFilters({ to: value })}
            minDate={from || undefined}
          />
        </Box>
      </Group>
      {result && !refusal && (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {countLabel(result.pagination.total)}
        </Text>
      )}
      {refusal ? (
        <PlanLimitNotice id="payments-plan-limit" reason={refusal} />
      ) : (
        <ListStates
          query={query}
          rows={result?.data}
          loadingLabel="A carregar as cobranças…"
          errorTitle="Erro ao carregar as cobranças"
          page={page}
          onFirstPage={() => setPage(1)}
          isFiltered={isFiltered}
          filtered={{
            title: 'Nenhuma cobrança corresponde aos filtros.',
            description: 'Experimente outro estado ou outras datas.',
            actions: (
              <Button variant="default" onClick={clearFilters}>
                Limpar filtros
              </Button>
            ),
          }}
          empty={{ title: 'Ainda não há cobranças.' }}
        >
          {(collections) => (
            <Stack gap="lg">
              {groupByDate(collections).map((group) => (
                <Stack
                  key={group.date}
                  gap="xs"
                  component="section"
                  aria-label={formatCalendarDateLong(group.date)}
                >
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Title order={2} size="h4">
                      {formatCalendarDateLong(group.date)}
                    </Title>
                    {canManage && isExportable(group.collections) && (
                      <Button size="xs" onClick={() => askExport({ kind: 'date', date: group.date })}>
                        Exportar ficheiro SEPA
                      </Button>
                    )}
                    {canManage && hasOverdue(group.collections) && (
                      <Button size="xs" onClick={() => askExport({ kind: 'newDate' })}>
                        Exportar com nova data
                      </Button>
                    )}
                  </Group>
                  {group.collections.map((collection) => (
                    <CollectionRow
                      key={collection.id}
                      collection={collection}
                      canManage={canManage}
                      onReturn={setReturning}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          )}
        </ListStates>
      )}
      {!refusal && (
        <ListPagination
          label="Paginação das cobranças"
          page={page}
          totalPages={result?.pagination.totalPages ?? 1}
          onChange={setPage}
          compact={isMobile}
        />
      )}
      <ExportDialog request={exportRequest} opened={exporting} onClose={() => setExporting(false)} />
      <ReturnDialog collection={returning} onClose={() => setReturning(null)} />
    </Stack>
  );
}
