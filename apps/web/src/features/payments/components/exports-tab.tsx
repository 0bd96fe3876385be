import { formatCalendarDate } from '@aceite/shared/dates';
import { formatMoney } from '@aceite/shared/money';
import type { SepaExport } from '@aceite/shared/schemas/sepa-collections';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileCode } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useListSearchParams } from '@/lib/use-list-search';
import { downloadExport, useExports } from '../api/payments';
import { planRefusal } from './plan-or-error';

export const DOWNLOAD_FAILED = 'Não foi possível descarregar o ficheiro SEPA. Tente novamente.';

const debits = (count: number) => (count === 1 ? '1 débito' : `${count} débitos`);

/** "Descarregar": the file as it was written, fetched with the session; one download at a time per row. */
function DownloadButton({ exported }: { exported: SepaExport }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadExport(exported);
    } catch (error) {
      notifications.show({
        closeButtonProps: { 'aria-label': 'Fechar notificação' },
        color: 'red',
        message: errorMessage(error, DOWNLOAD_FAILED),
      });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      onClick={download}
      loading={loading}
      aria-label={`Descarregar ${exported.messageId}`}
    >
      Descarregar
    </Button>
  );
}

const COLUMNS: ListColumn<SepaExport>[] = [
  { header: 'Criado em', cell: (e) => formatDateTime(e.createdAt), nowrap: true },
  { header: 'Data de cobrança', cell: (e) => formatCalendarDate(e.collectionDate), nowrap: true },
  { header: 'Versão', cell: (e) => `pain.008.${e.version}`, nowrap: true },
  { header: 'Débitos', cell: (e) => e.numberOfTransactions, align: 'right' },
  { header: 'Total', cell: (e) => formatMoney(e.controlSumCents), align: 'right', nowrap: true },
  { header: 'Identificador da mensagem', cell: (e) => <Code>{e.messageId}</Code>, nowrap: true },
  { header: 'Ações', hideHeader: true, cell: (e) => <DownloadButton exported={e} /> },
];

function ExportCard({ exported }: { exported: SepaExport }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>Cobrança de {formatCalendarDate(exported.collectionDate)}</Text>
        <Text fw={600}>{formatMoney(exported.controlSumCents)}</Text>
      </Group>
      <Text size="sm">
        {debits(exported.numberOfTransactions)} · pain.008.{exported.version}
      </Text>
      <Text size="sm" c="dimmed">
        Criado em {formatDateTime(exported.createdAt)}
      </Text>
      <Code style={{ overflowWrap: 'anywhere', alignSelf: 'flex-start' }}>{exported.messageId}</Code>
      <Group>
        <DownloadButton exported={exported} />
      </Group>
    </Stack>
  );
}

/**
 * "Ficheiros" (docs/product.md#mandates-collections-and-the-file): the SEPA files exported so far, newest
 * first, each to download again as it was written (the bank lost it, or it must be sent again).
 */
export function ExportsTab() {
  const { page, setPage } = useListSearchParams();
  const query = useExports(page);
  const isMobile = useIsMobile();
  const refusal = planRefusal(query.error);
  if (refusal) return <PlanLimitNotice id="exports-plan-limit" reason={refusal} />;
  return (
    <Stack gap="md">
      <ListStates
        query={query}
        rows={query.data?.data}
        loadingLabel="A carregar os ficheiros…"
        errorTitle="Erro ao carregar os ficheiros"
        page={page}
        onFirstPage={() => setPage(1)}
        empty={{
          icon: <IconFileCode size={28} aria-hidden="true" />,
          title: 'Ainda não exportou nenhum ficheiro SEPA.',
          description: 'Os ficheiros que exportar em Cobranças ficam aqui para os descarregar de novo.',
        }}
      >
        {(rows) => (
          <ResponsiveList
            rows={rows}
            rowKey={(e) => e.id}
            columns={COLUMNS}
            card={(e) => <ExportCard exported={e} />}
            label="Ficheiros SEPA"
            tableLabel="Tabela dos ficheiros SEPA"
            minWidth={880}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação dos ficheiros"
        page={page}
        totalPages={query.data?.pagination.totalPages ?? 1}
        onChange={setPage}
        compact={isMobile}
      />
    </Stack>
  );
}
