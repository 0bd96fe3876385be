import { MESSAGES } from '@aceite/shared/messages';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  type Template,
} from '@aceite/shared/schemas/templates';
import { Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ListStates } from '@/components/list-states';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useArchiveTemplate } from '../api/archive-template';
import { useTemplates } from '../api/get-templates';
import type { TemplateCategory, TemplateListParams } from '../api/keys';
import { useCountTemplateUse } from '../api/use-template';
import { TemplateCard } from './template-card';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

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
  const debouncedSearch = useDebouncedSearch(params.search);
  const query = useTemplates({ search: debouncedSearch, category: params.category });
  const countUse = useCountTemplateUse();
  const archive = useArchiveTemplate();

  // docs/product.md#templates: using a template counts the use, then opens a new proposal prefilled from it;
  // the proposal opens even if counting fails.
  const startFromTemplate = (template: Template) =>
    countUse.mutate(template.id, {
      onSettled: (counted) => {
        const state: NewProposalFromTemplateState = { template: counted ?? template };
        navigate(paths.proposalNew, { state });
      },
    });

  const confirmArchive = (template: Template) =>
    modals.openConfirmModal({
      title: 'Arquivar modelo',
      children: (
        <Text size="sm">
          O modelo <strong>{template.name}</strong> deixa de aparecer na lista e não pode ser usado em novas
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
              message: 'Modelo arquivado',
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'red',
              title: 'Não foi possível arquivar',
              message: errorMessage(error, 'Erro ao arquivar modelo'),
            }),
        }),
    });

  const isFiltered = debouncedSearch !== '' || params.category !== '';
  const templates = query.data;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" maw={{ sm: 640 }}>
        <SearchInput
          label="Pesquisar modelos"
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
          {templates.length === 1 ? '1 modelo' : `${templates.length} modelos`}
        </Text>
      )}
      <ListStates
        query={query}
        rows={templates}
        loadingLabel="A carregar modelos…"
        errorTitle={MESSAGES.templatesLoadError}
        isFiltered={isFiltered}
        filtered={{
          title: 'Nenhum modelo encontrado',
          description: 'Nenhum modelo corresponde à pesquisa ou à categoria escolhida.',
          actions: (
            <Button variant="default" onClick={() => onChange({ search: '', category: '' })}>
              Limpar filtros
            </Button>
          ),
        }}
        empty={{
          icon: <IconTemplate size={28} aria-hidden="true" />,
          title: 'Ainda não há modelos',
          description: 'Os modelos guardam blocos de texto e itens para criar propostas em minutos.',
          actions: canWrite && (
            <Button component={Link} to={paths.templateNew} leftSection={<IconPlus size={18} />}>
              Novo modelo
            </Button>
          ),
        }}
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
            {rows.map((template) => (
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
        )}
      </ListStates>
    </Stack>
  );
}
