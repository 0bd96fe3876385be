import { isEditable, isPastValidity, shownStatus } from '@aceite/shared/proposal-status';
import type { ProposalSummary } from '@aceite/shared/schemas/proposals';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconPencil, IconTrash, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { ProposalTotal } from '@/components/proposal-total';
import { paths } from '@/config/paths';
import { fullName } from '@/lib/format';
import { proposalQueryOptions } from '../api/get-proposal';
import { formatCalendarDate, todayIso, useOrganizationTimeZone } from './dates';
import { DuplicateButton } from './duplicate-button';
import classes from './proposal-card.module.css';

interface ProposalCardProps {
  proposal: ProposalSummary;
  canManage: boolean;
  /** Answered proposals: admins only (they are archived). */
  canDelete: boolean;
  /** 'Duplicar': whoever may create proposals (docs/product.md#duplicating-a-proposal). */
  canDuplicate?: boolean;
  onDelete: (proposal: ProposalSummary) => void;
}

/** One proposal of the grid; the whole card opens it, Edit and Delete sit above that link. */
export function ProposalCard({ proposal, canManage, canDelete, canDuplicate, onDelete }: ProposalCardProps) {
  const queryClient = useQueryClient();
  const timeZone = useOrganizationTimeZone();
  // Start loading the detail as soon as the pointer or focus shows intent to open it.
  const prefetch = () => void queryClient.prefetchQuery(proposalQueryOptions(proposal.id));
  // Answered or cancelled proposals are not edited (a cancelled one is duplicated instead, issue 37).
  const canEdit = canManage && isEditable(proposal.status);
  const client = proposal.client;

  return (
    <Card withBorder radius="lg" padding="md" className={classes.card} component="article">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.proposal(proposal.id)}
            className={classes.link}
            fw={600}
            c="var(--mantine-color-text)"
            underline="never"
            lineClamp={2}
            onMouseEnter={prefetch}
            onFocus={prefetch}
          >
            {proposal.title}
          </Anchor>
          <ProposalStatusBadge status={shownStatus(proposal)} style={{ flexShrink: 0 }} />
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" data-testid="proposal-number">
          {proposal.number}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {client ? [client.name, client.company].filter(Boolean).join(' · ') : 'Sem cliente'}
        </Text>
        <ProposalTotal proposal={proposal} fw={700} fz="xl" />
        <Stack gap={4} mt="auto">
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {proposal.validUntil
                ? `${isPastValidity(proposal.validUntil, todayIso(timeZone)) ? 'Validade terminou' : 'Válida até'} ${formatCalendarDate(proposal.validUntil)}`
                : 'Sem data de validade'}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconUser size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed" truncate>
              {fullName(proposal.owner)}
            </Text>
          </Group>
        </Stack>
        {(canEdit || canDelete || canDuplicate) && (
          <Group gap="xs" className={classes.actions}>
            {canEdit && (
              <Button
                component={Link}
                to={paths.proposalEdit(proposal.id)}
                variant="default"
                size="xs"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                aria-label={`Editar ${proposal.title}`}
              >
                Editar
              </Button>
            )}
            {canDuplicate && <DuplicateButton proposal={proposal} size="xs" />}
            {canDelete && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                aria-label={`Eliminar ${proposal.title}`}
                onClick={() => onDelete(proposal)}
              >
                Eliminar
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
