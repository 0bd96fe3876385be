import { formatPercent } from '@aceite/shared/format-percent';
import { MESSAGES } from '@aceite/shared/messages';
import { formatDecimalPt, formatMoney, formatUnitPrice } from '@aceite/shared/money';
import type { VersionDetail } from '@aceite/shared/schemas/collaboration';
import { lineTerms, lineTotal, taxLabel } from '@aceite/shared/totals';
import { Alert, Box, Divider, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { LoadingState } from '@/components/loading-state';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { useVersion } from '../api/get-versions';

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text component="dt" size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {term}
      </Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Everything the version kept: title, description, blocks, items and totals as they were. */
function Snapshot({ version }: { version: VersionDetail }) {
  const s = version.snapshot;
  const discountLabel =
    s.discountType === 'percentage' ? `Desconto (${formatPercent(s.discountValue)})` : 'Desconto';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {version.creator ? `${fullName(version.creator)} · ` : ''}
        {formatDateTime(version.createdAt)}
      </Text>
      <Box>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Notas sobre as alterações
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {version.changeNotes}
        </Text>
      </Box>
      <Divider />
      <Title order={3} size="h5">
        {s.title}
      </Title>
      {s.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {s.description}
        </Text>
      )}
      {s.validUntil && <Text size="sm">Válida até {formatDate(s.validUntil)}</Text>}
      {s.content.blocks.map((block, index) => (
        // Blocks have no identity beyond their place in this frozen copy.
        // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot never reorders
        <Box key={index}>
          {block.title && (
            <Text fw={600} size="sm">
              {block.title}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {block.content}
          </Text>
        </Box>
      ))}
      {s.content.items.length > 0 && (
        <Table.ScrollContainer
          minWidth={0}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Itens da versão"
        >
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qtd.</Table.Th>
                <Table.Th ta="right">Preço</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.content.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot never reorders
                <Table.Tr key={index}>
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    {item.description && (
                      <Text size="xs" c="dimmed">
                        {item.description}
                      </Text>
                    )}
                    {lineTerms(item, s.taxRate).length > 0 && (
                      <Text size="xs" c="dimmed">
                        {lineTerms(item, s.taxRate).join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatDecimalPt(item.quantity)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatUnitPrice(item.unitPrice, item.unit)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(lineTotal(item))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Box component="dl" m={0}>
        <Row term="Subtotal" value={formatMoney(s.subtotal)} />
        <Row
          term={discountLabel}
          value={s.discountAmount ? `−${formatMoney(s.discountAmount)}` : formatMoney(0)}
        />
        <Row term={taxLabel(s.content.items, s.taxRate)} value={formatMoney(s.taxAmount)} />
        <Row term="Total" value={formatMoney(s.totalValue)} strong />
      </Box>
    </Stack>
  );
}

/** A version's full snapshot (`GET /proposals/{id}/versions/{number}`), or nothing when `number` is null. */
export function VersionSnapshotModal({
  proposalId,
  number,
  onClose,
}: {
  proposalId: string;
  number: number | null;
  onClose: () => void;
}) {
  const { data, error, isPending } = useVersion(proposalId, number);
  return (
    <Modal
      opened={number !== null}
      onClose={onClose}
      title={number !== null ? `Versão ${number}` : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {isPending ? (
        <LoadingState label="A carregar versão…" />
      ) : error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error, MESSAGES.versionsLoadError)}
        </Alert>
      ) : (
        <Snapshot version={data} />
      )}
    </Modal>
  );
}
