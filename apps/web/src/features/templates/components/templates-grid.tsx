import { MESSAGES } from '@aceite/shared/messages';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  type Template,
} from '@aceite/shared/schemas/templates';
import { Alert, Box, Button, EmptyState, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch, IconTemplate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useArchiveTemplate } from '../api/archive-template';
import { useTemplates } from '../api/get-templates';
import type { TemplateCategory, TemplateListParams } from '../api/keys';
import { useCountTemplateUse } from '../api/use-template';
import { TemplateCard } from './template-card';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

export const SEARCH_DEBOUNCE_MS = 300;

const CATEGORY_OPTIONS = [
  { value: '', label: 'Todas' },
  ...TEMPLATE_CATEGORIES.map((value) => ({ value, label: TEMPLATE_CATEGORY_LABELS[value] })),
];

/** What `/proposals/new` receives in its navigation state when a proposal starts from a template. */
export interface NewProposalFromTemplateState {
  template: Template;
}

interface TemplatesGridProps {
  params: TemplateListParams;
  onChange: (next: Partial<TemplateListParams>) => void;
  canUse: boolean;
  canWrite: boolean;
}

/** The templates as a card grid with search and category filter, 'Usar template', edit and archive. */
export function TemplatesGrid({ params, onChange, canUse, canWrite }: TemplatesGridProps) {
  const navigate = useNavigate();
  const [debouncedSearch] = useDebouncedValue(params.search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useTemplates({ search: debouncedSearch, category: params.category });
  const countUse = useCountTemplateUse();
  const archive = useArchiveTemplate();

  // Spec §4: using a template counts the use, then opens a new proposal prefilled from it; the proposal
  // opens even if counting fails.
  const startFromTemplate = (template: Template) =>
    countUse.mutate(template.id, {
      onSettled: (counted) => {
        const state: NewProposalFromTemplateState = { template: counted ?? template };
        navigate(paths.proposalNew, { state });
      },
    });

  const confirmArchive = (template: Template) =>
    modals.openConfirmModal({
      title: 'Arquivar template',
      children: (
        <Text size="sm">
          O template <strong>{template.name}</strong> deixa de aparecer na lista e não pode ser usado em novas
          propostas. As propostas já criadas a partir dele não são alteradas.
        </Text>
      ),
      labels: { confirm: 'Arquivar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        archive.mutate(template.id, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'green',
              message: 'Template arquivado',
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'red',
              title: 'Não foi possível arquivar',
              message: errorMessage(error, 'Erro ao arquivar template'),
            }),
        }),
    });

  const isFiltered = debouncedSearch !== '' || params.category !== '';
  const templates = query.data;

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState label="A carregar templates…" />;
  } else if (query.isError && !templates) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={MESSAGES.templatesLoadError}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error, 'Verifique a ligação e tente novamente.')}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => query.refetch()}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!templates || templates.length === 0) {
    body = (
      <Paper withBorder radius="lg">
        {isFiltered ? (
          <EmptyState
            py="xl"
            icon={<IconSearch size={28} aria-hidden="true" />}
            variant="light"
            title="Nenhum template encontrado"
            description="Nenhum template corresponde à pesquisa ou à categoria escolhida."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => onChange({ search: '', category: '' })}>
                Limpar filtros
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            py="xl"
            icon={<IconTemplate size={28} aria-hidden="true" />}
            variant="light"
            title="Ainda não há templates"
            description="Os templates guardam blocos de texto e itens para criar propostas em minutos."
          >
            {canWrite && (
              <EmptyState.Actions>
                <Button component={Link} to={paths.templateNew} leftSection={<IconPlus size={18} />}>
                  Novo template
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        )}
      </Paper>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        {templates.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            canUse={canUse}
            canWrite={canWrite}
            onUse={startFromTemplate}
            onArchive={confirmArchive}
            using={countUse.isPending && countUse.variables === template.id}
            archiving={archive.isPending && archive.variables === template.id}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" maw={{ sm: 640 }}>
        <SearchInput
          label="Pesquisar templates"
          placeholder="Nome ou descrição"
          value={params.search}
          onChange={(search) => onChange({ search })}
          searching={query.isFetching && !query.isPending}
        />
        <NativeSelect
          label="Categoria"
          data={CATEGORY_OPTIONS}
          value={params.category}
          onChange={(event) => onChange({ category: event.currentTarget.value as TemplateCategory | '' })}
        />
      </SimpleGrid>
      {templates && (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {templates.length === 1 ? '1 template' : `${templates.length} templates`}
        </Text>
      )}
      <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</Box>
    </Stack>
  );
}
