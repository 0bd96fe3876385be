import type { ContentBlock, LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import {
  Alert,
  Button,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useContentBlocks } from '@/api/content-blocks';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { BlockPreview } from './block-preview';

interface InsertFromLibraryModalProps {
  opened: boolean;
  onClose: () => void;
  /** Receives a copy of the chosen block; the editor appends it (docs/product.md#block-library). */
  onInsert: (block: LibraryBlock) => void;
}

/** "3 blocos.", "A mostrar 20 de 45 blocos: refine a pesquisa." */
function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'bloco' : 'blocos';
  return shown < total ? `A mostrar ${shown} de ${total} ${noun}: refine a pesquisa.` : `${total} ${noun}.`;
}

/**
 * "Inserir da biblioteca": search the organization's library as one types, preview a block and insert a copy
 * of it. The copy is the editor's own: a later change to the library block does not reach it.
 */
export function InsertFromLibraryModal({ opened, onClose, onInsert }: InsertFromLibraryModalProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedSearch(search);
  const [selected, setSelected] = useState<ContentBlock | null>(null);
  const { data, isPending, isError, isFetching, refetch } = useContentBlocks(
    { search: debounced, page: 1 },
    { enabled: opened },
  );
  const blocks = data?.data ?? [];

  const close = () => {
    setSearch('');
    setSelected(null);
    onClose();
  };

  const insert = () => {
    if (!selected) return;
    onInsert(structuredClone(selected.block));
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Inserir da biblioteca"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <TextInput
          label="Pesquisar blocos"
          placeholder="Nome, título ou texto"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ScrollArea.Autosize mah="min(45dvh, 420px)" type="auto" offsetScrollbars>
            <Stack gap="xs" aria-busy={isFetching} role="listbox" aria-label="Blocos da biblioteca">
              {isPending && ['a', 'b', 'c'].map((key) => <Skeleton key={key} height={56} radius="md" />)}
              {isError && (
                <Alert color="red" variant="light">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">Não foi possível carregar a biblioteca de blocos.</Text>
                    <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
                      Tentar novamente
                    </Button>
                  </Stack>
                </Alert>
              )}
              {!isPending && !isError && blocks.length === 0 && (
                <Text size="sm" c="dimmed" py="md" ta="center">
                  {debounced
                    ? 'Nenhum bloco corresponde à pesquisa.'
                    : 'A biblioteca está vazia. Guarde um bloco com "Guardar na biblioteca".'}
                </Text>
              )}
              {blocks.map((block) => {
                const isSelected = selected?.id === block.id;
                return (
                  <UnstyledButton
                    key={block.id}
                    role="option"
                    aria-selected={isSelected}
                    onClick={() => setSelected(block)}
                    p="sm"
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                      background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                  >
                    <Text size="sm" fw={600}>
                      {block.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {block.block.title || block.block.content}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          <Stack gap="xs">
            {selected ? (
              <BlockPreview block={selected.block} label={`Pré-visualização de ${selected.name}`} />
            ) : (
              <Text size="sm" c="dimmed">
                Escolha um bloco para ver como fica.
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        {data && blocks.length > 0 && (
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {countText(blocks.length, data.pagination.total)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={insert} disabled={!selected}>
            Inserir bloco
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
