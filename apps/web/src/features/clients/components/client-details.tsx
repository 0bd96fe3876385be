import { isProposalStatus, shownStatus } from '@aceite/shared/proposal-status';
import type { ClientDetail } from '@aceite/shared/schemas/clients';
import {
  Anchor,
  Badge,
  Card,
  EmptyState,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { ProposalTotal } from '@/components/proposal-total';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function StatusBadge({ status }: { status: string }) {
  if (isProposalStatus(status)) return <ProposalStatusBadge status={status} />;
  return (
    <Badge variant="light" color="gray" radius="sm">
      {status}
    </Badge>
  );
}

type ClientProposal = ClientDetail['proposals'][number];

function ProposalsTable({ proposals }: { proposals: ClientProposal[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Número</Table.Th>
            <Table.Th>Título</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Data</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposals.map((proposal) => (
            <Table.Tr key={proposal.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{proposal.number}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={paths.proposal(proposal.id)} fw={600}>
                  {proposal.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={shownStatus(proposal)} />
              </Table.Td>
              <Table.Td ta="right">
                <ProposalTotal proposal={proposal} size="sm" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(proposal.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProposalCards({ proposals }: { proposals: ClientProposal[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {proposals.map((proposal) => (
        <li key={proposal.id}>
          <Card component={Link} to={paths.proposal(proposal.id)} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={600} c="brand.7">
                {proposal.title}
                <Text span size="xs" c="dimmed" display="block">
                  {proposal.number}
                </Text>
              </Text>
              <StatusBadge status={shownStatus(proposal)} />
            </Group>
            <Group justify="space-between" mt={6} gap="xs">
              <ProposalTotal proposal={proposal} size="sm" fw={600} />
              <Text size="sm" c="dimmed">
                {formatDate(proposal.createdAt)}
              </Text>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** The client card (every field, address and notes) and the client's proposals (docs/product.md#clients). */
export function ClientDetails({ client }: { client: ClientDetail }) {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const { street, postalCode, city, country } = client.address;
  const locality = [postalCode, city].filter(Boolean).join(' ');
  const proposals = client.proposals;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="client-card-title">
          <Title order={2} size="h4" id="client-card-title" mb="md">
            Dados do cliente
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 1 }} spacing="md" verticalSpacing="md" m={0}>
            <Field label="Empresa">{client.company}</Field>
            <Field label="Email">
              <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor>
            </Field>
            <Field label="Telefone">
              {client.phone && (
                <Anchor href={`tel:${client.phone.replace(/\s+/g, '')}`}>{client.phone}</Anchor>
              )}
            </Field>
            <Field label="NIF">{client.taxId}</Field>
            <Field label="Morada" wide>
              {(street || locality || country) && (
                <>
                  {street && <span style={{ display: 'block' }}>{street}</span>}
                  {locality && <span style={{ display: 'block' }}>{locality}</span>}
                  <span style={{ display: 'block' }}>{country}</span>
                </>
              )}
            </Field>
            <Field label="Notas" wide>
              {client.notes && <span style={{ whiteSpace: 'pre-line' }}>{client.notes}</span>}
            </Field>
          </SimpleGrid>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack component="section" aria-labelledby="client-proposals-title" gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4" id="client-proposals-title">
              Propostas
            </Title>
            {proposals.length > 0 && (
              <Text size="sm" c="dimmed">
                {proposals.length === 1 ? '1 proposta' : `${proposals.length} propostas`}
              </Text>
            )}
          </Group>
          {proposals.length === 0 ? (
            <Paper withBorder radius="lg">
              <EmptyState
                py="xl"
                icon={<IconFileText size={28} aria-hidden="true" />}
                variant="light"
                title="Sem propostas"
                description="Este cliente ainda não tem propostas."
              />
            </Paper>
          ) : isWide ? (
            <Paper withBorder radius="lg">
              <ProposalsTable proposals={proposals} />
            </Paper>
          ) : (
            <ProposalCards proposals={proposals} />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
