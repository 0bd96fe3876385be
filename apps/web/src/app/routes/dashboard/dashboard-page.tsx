import { can, type Permission } from '@aceite/shared/permissions';
import { Card, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFilePlus, IconFileText, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';

interface QuickAction {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
  /** Hidden from roles without this permission. */
  permission?: Permission;
}

// Spec §2 /dashboard: quick actions to /proposals/new, /proposals, /clients/new and /analytics.
const QUICK_ACTIONS: QuickAction[] = [
  {
    label: 'Nova proposta',
    description: 'Crie uma proposta a partir do zero ou de um template.',
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
    label: 'Ver analytics',
    description: 'Veja a conversão e o valor das suas propostas.',
    to: paths.analytics,
    icon: <IconChartBar size={22} />,
  },
];

export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  const actions = QUICK_ACTIONS.filter(
    (action) => !action.permission || (user !== null && can(user.role, action.permission)),
  );

  return (
    <>
      <DocumentTitle title="Dashboard" />
      <PageHeader
        title={user ? `Olá, ${user.firstName}` : 'Olá'}
        description={
          user?.organization ? `Bem-vindo à área de trabalho de ${user.organization.name}.` : undefined
        }
      />
      <section aria-labelledby="quick-actions-title">
        <Title order={2} size="h4" id="quick-actions-title" mb="sm">
          Ações rápidas
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {actions.map((action) => (
            <Card key={action.to} component={Link} to={action.to} withBorder radius="lg" padding="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
                  {action.icon}
                </ThemeIcon>
                <div>
                  <Text fw={600}>{action.label}</Text>
                  <Text size="sm" c="dimmed">
                    {action.description}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} mt="xl">
        <Title order={2} size="h4">
          Resumo da atividade
        </Title>
        <Text c="dimmed" mt={6}>
          Os indicadores das suas propostas (total, valor aceite, taxa de conversão e clientes principais) vão
          aparecer aqui em breve.
        </Text>
      </Paper>
    </>
  );
}
