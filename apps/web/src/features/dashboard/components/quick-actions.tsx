import type { Permission } from '@aceite/shared/permissions';
import { Card, Flex, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFilePlus, IconFileText, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { useReadOnlyReason } from '@/lib/trial';
import classes from './quick-actions.module.css';

interface QuickAction {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
  /** Hidden from roles without this permission. */
  permission?: Permission;
}

// Quick actions to /proposals/new, /proposals, /clients/new and /analytics
// (docs/product.md#analytics-and-dashboard).
const QUICK_ACTIONS: QuickAction[] = [
  {
    label: 'Nova proposta',
    description: 'Crie uma proposta a partir do zero ou de um modelo.',
    to: paths.proposalNew,
    icon: <IconFilePlus size={22} />,
    permission: 'proposal:create',
  },
  {
    label: 'Ver propostas',
    description: 'Acompanhe o estado das propostas enviadas.',
    to: paths.proposals(),
    icon: <IconFileText size={22} />,
  },
  {
    label: 'Novo cliente',
    description: 'Registe um cliente para lhe enviar propostas.',
    to: paths.clientNew,
    icon: <IconUserPlus size={22} />,
    permission: 'client:write',
  },
  {
    label: 'Ver análises',
    description: 'Veja a conversão e o valor das suas propostas.',
    to: paths.analytics,
    icon: <IconChartBar size={22} />,
  },
];

function ActionContent({ action }: { action: QuickAction }) {
  return (
    <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" align={{ base: 'flex-start', xs: 'center' }}>
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
        {action.icon}
      </ThemeIcon>
      <div>
        <Text fw={600}>{action.label}</Text>
        {/* Two cards a row on a phone leave room for the label only. */}
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {action.description}
        </Text>
      </div>
    </Flex>
  );
}

/**
 * The quick actions a role may use (a viewer, or anyone in a read-only organization, sees only the two that
 * read). 'Nova proposta' opens the choice
 * between a blank proposal and a template (`onNewProposal`), as its description promises.
 */
export function QuickActions({ onNewProposal }: { onNewProposal?: () => void }) {
  const authorization = useAuthorization();
  // A read-only organization creates nothing: the actions that write are left out, the top bar's banner says
  // why (docs/product.md#plans).
  const readOnly = useReadOnlyReason() !== null;
  const actions = QUICK_ACTIONS.filter(
    (action) => !action.permission || (!readOnly && authorization.can(action.permission) === true),
  );
  return (
    <section aria-labelledby="quick-actions-title">
      <Title order={2} size="h4" id="quick-actions-title" mb="sm">
        Ações rápidas
      </Title>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        {actions.map((action) =>
          action.to === paths.proposalNew && onNewProposal ? (
            <Card
              key={action.to}
              component="button"
              type="button"
              onClick={onNewProposal}
              withBorder
              radius="lg"
              padding="md"
              ta="start"
              className={classes.card}
            >
              <ActionContent action={action} />
            </Card>
          ) : (
            <Card
              key={action.to}
              component={Link}
              to={action.to}
              withBorder
              radius="lg"
              padding="md"
              className={classes.card}
            >
              <ActionContent action={action} />
            </Card>
          ),
        )}
      </SimpleGrid>
    </section>
  );
}
