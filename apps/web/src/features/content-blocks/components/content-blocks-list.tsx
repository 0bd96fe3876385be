import type { ContentBlock } from '@aceite/shared/schemas/content-blocks';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBooks, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useContentBlocks, useDeleteContentBlock } from '@/api/content-blocks';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { SearchInput } from '@/components/search-input';
import { errorMessage } from '@/lib/api-client';
import { type Authorization, useAuthorization } from '@/lib/authorization';
import { formatDate } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { ContentBlockFormModal } from './content-block-form-modal';

interface ContentBlocksListProps {
  /** The search text as kept in the URL. */
  search: string;
  page: number;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
}

const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

const author = (block: ContentBlock) =>
  block.createdBy ? `${block.createdBy.firstName} ${block.createdBy.lastName}`.trim() : '—';

/** The first words of the block, on one line, as plain text. */
const excerpt = (block: ContentBlock) => block.block.title || block.block.content.split('\n')[0] || '';

interface RowActions {
  authorization: Authorization;
  onEdit: (block: ContentBlock) => void;
  onDelete: (block: ContentBlock) => void;
}

function Actions({ block, actions }: { block: ContentBlock; actions: RowActions }) {
  if (actions.authorization.canEditContentBlock(block.createdBy?.id ?? null) !== true) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Editar">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Editar ${block.name}`}
          onClick={() => actions.onEdit(block)}
        >
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Eliminar">
        <ActionIcon
          variant="subtle"
          color="red.8"
          size="lg"
          aria-label={`Eliminar ${block.name}`}
          onClick={() => actions.onDelete(block)}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function columns(actions: RowActions): ListColumn<ContentBlock>[] {
  return [
    {
      header: 'Nome',
      cell: (block) => (
        <Text size="sm" fw={600}>
          {block.name}
        </Text>
      ),
    },
    {
      header: 'Conteúdo',
      maxWidth: 360,
      cell: (block) => (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {excerpt(block)}
        </Text>
      ),
    },
    { header: 'Tipo', nowrap: true, cell: (block) => (block.block.type === 'list' ? 'Lista' : 'Texto') },
    { header: 'Criado por', cell: author },
    { header: 'Atualizado', nowrap: true, cell: (block) => formatDate(block.updatedAt) },
    {
      header: 'Ações',
      hideHeader: true,
      align: 'right',
      cell: (block) => <Actions block={block} actions={actions} />,
    },
  ];
}

function ContentBlockCard({ block, actions }: { block: ContentBlock; actions: RowActions }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {block.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {excerpt(block)}
        </Text>
        <Text size="xs" c="dimmed">
          {block.block.type === 'list' ? 'Lista' : 'Texto'} · {author(block)} · {formatDate(block.updatedAt)}
        </Text>
      </Stack>
      <Actions block={block} actions={actions} />
    </Group>
  );
}

/**
 * The Blocos screen's list (docs/product.md#block-library): searched and paged, with rename, edit and delete
 * for whoever may change each block.
 */
export function ContentBlocksList({ search, page, onSearchChange, onPageChange }: ContentBlocksListProps) {
  const isMobile = useIsMobile();
  const authorization = useAuthorization();
  const canCreate = authorization.can('content-block:create') === true;
  const debouncedSearch = useDebouncedSearch(search);
  const query = useContentBlocks({ search: debouncedSearch, page });
  const remove = useDeleteContentBlock();
  const [editing, setEditing] = useState<{ block: ContentBlock | null } | null>(null);
  const result = query.data;
  const total = result?.pagination.total ?? 0;

  const confirmDelete = (block: ContentBlock) =>
    modals.openConfirmModal({
      title: 'Eliminar bloco',
      children: (
        <Text size="sm">
          O bloco <strong>{block.name}</strong> sai da biblioteca. As propostas e modelos onde já foi inserido
          não mudam.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        remove.mutate(block.id, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'green',
              message: 'Bloco eliminado',
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: CLOSE_NOTIFICATION,
              color: 'red',
              title: 'Não foi possível eliminar',
              message: errorMessage(error, 'Erro ao eliminar o bloco'),
            }),
        }),
    });

  const actions: RowActions = {
    authorization,
    onEdit: (block) => setEditing({ block }),
    onDelete: confirmDelete,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput
          label="Pesquisar blocos"
          placeholder="Nome, título ou texto"
          value={search}
          onChange={onSearchChange}
          searching={query.isFetching && !query.isPending}
          w={{ base: '100%', xs: 360 }}
        />
        <Group gap="sm">
          {result && (
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {total === 1 ? '1 bloco' : `${total} blocos`}
            </Text>
          )}
          {canCreate && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setEditing({ block: null })}
            >
              Novo bloco
            </Button>
          )}
        </Group>
      </Group>
      <ListStates
        query={query}
        rows={result?.data}
        loadingLabel="A carregar blocos…"
        errorTitle="Erro ao carregar a biblioteca de blocos"
        page={page}
        onFirstPage={() => onPageChange(1)}
        isFiltered={debouncedSearch !== ''}
        filtered={{
          title: 'Nenhum bloco encontrado',
          description:
            'Nenhum bloco corresponde à pesquisa. Experimente outro nome ou outra palavra do texto.',
        }}
        empty={{
          icon: <IconBooks size={28} aria-hidden="true" />,
          title: 'A biblioteca está vazia',
          description:
            'Guarde aqui as secções que repete em todas as propostas: no editor, use "Guardar na biblioteca" num bloco.',
        }}
      >
        {(blocks) => (
          <ResponsiveList
            rows={blocks}
            rowKey={(block) => block.id}
            columns={columns(actions)}
            card={(block) => <ContentBlockCard block={block} actions={actions} />}
            label="Blocos"
            tableLabel="Tabela de blocos"
            minWidth={760}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação de blocos"
        page={page}
        totalPages={result?.pagination.totalPages ?? 1}
        onChange={onPageChange}
        compact={isMobile}
      />
      <ContentBlockFormModal
        opened={editing !== null}
        block={editing?.block ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
