import { itemChoiceNote } from '@aceite/shared/client-choice';
import { formatDecimalPt, formatMoney, formatUnitPrice } from '@aceite/shared/money';
import { isPastValidity, shownStatus } from '@aceite/shared/proposal-status';
import { VIEWS_EXPLAINED } from '@aceite/shared/reading';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { lineTerms, lineTotal, taxLabel } from '@aceite/shared/totals';
import { Anchor, Box, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { FinancialSummary } from '@/components/financial-summary';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { SectionPanel } from '@/components/section-panel';
import { formatCount, formatDateTime, fullName } from '@/lib/format';
import { formatCalendarDate, todayIso, useOrganizationTimeZone } from './dates';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {term}
      </Text>
      <Box component="dd" m={0} fz="sm">
        {children}
      </Box>
    </Box>
  );
}

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function ItemsTable({ proposal }: { proposal: Proposal }) {
  const items = proposal.content.items;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Esta proposta não tem itens.
      </Text>
    );
  }
  return (
    <Table verticalSpacing="sm" striped highlightOnHover={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            Qtd.
          </Table.Th>
          <Table.Th ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
            Preço unitário
          </Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, index) => (
          // Lines have no id of their own; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Tr key={index}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {item.name || 'Sem nome'}
              </Text>
              {item.description && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {item.description}
                </Text>
              )}
              {lineTerms(item, proposal.taxRate).length > 0 && (
                <Text size="xs" c="dimmed">
                  {lineTerms(item, proposal.taxRate).join(' · ')}
                </Text>
              )}
              {itemChoiceNote(item) && (
                <Text size="xs" c="dimmed">
                  {itemChoiceNote(item)}
                </Text>
              )}
              {/* On a phone the quantity and price columns fold into the item's cell. */}
              <Text size="xs" c="dimmed" hiddenFrom="sm" style={NUMERIC}>
                {formatDecimalPt(item.quantity)} × {formatUnitPrice(item.unitPrice, item.unit)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm" style={NUMERIC}>
              {formatDecimalPt(item.quantity)}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm" style={NUMERIC}>
              {formatUnitPrice(item.unitPrice, item.unit)}
            </Table.Td>
            <Table.Td ta="right" fw={600} style={NUMERIC}>
              {formatMoney(lineTotal(item))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// Loaded only for a proposal that collects by SEPA: the proposal's route is at its budget (docs/architecture.md#budgets).
const SepaTermsPanel = lazy(() => import('./sepa-terms-panel'));

/**
 * Everything docs/product.md#proposal-screens shows, read-only. `recipientAction` is the page's 'Alterar
 * destinatário', shown beside the recipient fixed at sending when the viewer may change it.
 */
export function ProposalDetail({
  proposal,
  recipientAction,
}: {
  proposal: Proposal;
  recipientAction?: ReactNode;
}) {
  const { client, owner } = proposal;
  const timeZone = useOrganizationTimeZone();
  const blocks = proposal.content.blocks;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="lg">
          <SectionPanel title="Descrição">
            {proposal.description ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {proposal.description}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Sem descrição.
              </Text>
            )}
          </SectionPanel>

          <SectionPanel title="Conteúdo">
            {blocks.length === 0 ? (
              <Text size="sm" c="dimmed">
                Esta proposta não tem blocos de conteúdo.
              </Text>
            ) : (
              <Stack gap="md">
                {blocks.map((block, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is identity
                  <Box key={index}>
                    {block.title && (
                      <Title order={3} size="h5" mb={4}>
                        {block.title}
                      </Title>
                    )}
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {block.content}
                    </Text>
                  </Box>
                ))}
              </Stack>
            )}
          </SectionPanel>

          <SectionPanel title="Itens">
            <ItemsTable proposal={proposal} />
          </SectionPanel>

          {proposal.sepa && (
            <Suspense fallback={null}>
              <SepaTermsPanel proposal={proposal} />
            </Suspense>
          )}
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <FinancialSummary
            totals={proposal}
            discountType={proposal.discountType}
            discountPercent={proposal.discountType === 'percentage' ? proposal.discountValue : undefined}
            taxLabel={taxLabel(proposal.content.items, proposal.taxRate)}
          />

          <SectionPanel title="Cliente">
            {client ? (
              <Stack gap={6}>
                <Text fw={600}>{client.name}</Text>
                {client.company && (
                  <Text size="sm" c="dimmed">
                    {client.company}
                  </Text>
                )}
                <Group gap={6} wrap="nowrap">
                  <IconMail size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                  <Anchor href={`mailto:${client.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
                    {client.email}
                  </Anchor>
                </Group>
                {client.phone && (
                  <Group gap={6} wrap="nowrap">
                    <IconPhone size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                    <Anchor href={`tel:${client.phone.replace(/\s/g, '')}`} size="sm">
                      {client.phone}
                    </Anchor>
                  </Group>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Sem cliente associado.
              </Text>
            )}
            {proposal.recipient && (
              // Fixed at sending (docs/product.md#recipient): the link and the answer codes go here, whatever
              // the client record says now.
              <Stack gap={6} mt="sm">
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  <Text span size="sm" fw={600}>
                    Destinatário:
                  </Text>{' '}
                  {`${proposal.recipient.name} <${proposal.recipient.email}>`}
                </Text>
                {recipientAction}
              </Stack>
            )}
          </SectionPanel>

          <SectionPanel title="Detalhes">
            <Stack component="dl" gap="sm" m={0}>
              <Fact term="Estado">
                <ProposalStatusBadge status={shownStatus(proposal)} />
              </Fact>
              <Fact term="Válida até">
                {proposal.validUntil ? (
                  <>
                    {formatCalendarDate(proposal.validUntil)}
                    {isPastValidity(proposal.validUntil, todayIso(timeZone)) && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (terminou)
                      </Text>
                    )}
                  </>
                ) : (
                  'Sem data de validade'
                )}
              </Fact>
              <Fact term="Responsável">
                <Text size="sm">{fullName(owner)}</Text>
                <Anchor href={`mailto:${owner.email}`} size="xs" style={{ wordBreak: 'break-all' }}>
                  {owner.email}
                </Anchor>
              </Fact>
              <Fact term="Visualizações do cliente">
                {formatCount(proposal.viewCount)}
                <Text size="xs" c="dimmed">
                  {VIEWS_EXPLAINED}
                </Text>
              </Fact>
              <Fact term="Criada">{formatDateTime(proposal.createdAt)}</Fact>
              <Fact term="Atualizada">{formatDateTime(proposal.updatedAt)}</Fact>
            </Stack>
          </SectionPanel>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
