import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconBookUpload, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useState } from 'react';
import { useBlockLibrary } from '@/components/content-blocks/library-dialogs';
import { IconAction } from '@/components/icon-action';
import { type BlockValues, newBlock, type ProposalFormValues } from './proposal-form-values';

type BlockField = 'title' | 'content';

interface BlockRowProps {
  block: BlockValues;
  index: number;
  isLast: boolean;
  titleError: ReactNode;
  contentError: ReactNode;
  autoFocus: boolean;
  onAutoFocused: () => void;
  setField: (index: number, field: BlockField, value: string) => void;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  /** Opens "Guardar na biblioteca" for the block; absent when the member may not save blocks. */
  saveToLibrary?: (index: number) => void;
}

/** Compares the block's fields, since `@mantine/form` clones every value on each change. */
function sameBlock(a: BlockRowProps, b: BlockRowProps): boolean {
  return (
    a.block.key === b.block.key &&
    a.block.title === b.block.title &&
    a.block.content === b.block.content &&
    a.index === b.index &&
    a.isLast === b.isLast &&
    a.titleError === b.titleError &&
    a.contentError === b.contentError &&
    a.autoFocus === b.autoFocus &&
    a.onAutoFocused === b.onAutoFocused &&
    a.setField === b.setField &&
    a.move === b.move &&
    a.remove === b.remove &&
    a.saveToLibrary === b.saveToLibrary
  );
}

/** One section. Memoised so typing elsewhere does not re-measure every autosizing text area. */
const BlockRow = memo(function BlockRow({
  block,
  index,
  isLast,
  titleError,
  contentError,
  autoFocus,
  onAutoFocused,
  setField,
  move,
  remove,
  saveToLibrary,
}: BlockRowProps) {
  const n = index + 1;
  const focusOnMount = useCallback(
    (node: HTMLInputElement | null) => {
      if (!node || !autoFocus) return;
      node.focus();
      onAutoFocused();
    },
    [autoFocus, onAutoFocused],
  );
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Bloco ${n}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} c="dimmed">
            Bloco {n}
          </Text>
          <Group gap={2} wrap="nowrap">
            <IconAction
              label={`Mover bloco ${n} para cima`}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              <IconArrowUp size={18} aria-hidden="true" />
            </IconAction>
            <IconAction
              label={`Mover bloco ${n} para baixo`}
              disabled={isLast}
              onClick={() => move(index, index + 1)}
            >
              <IconArrowDown size={18} aria-hidden="true" />
            </IconAction>
            {saveToLibrary && (
              <IconAction label={`Guardar bloco ${n} na biblioteca`} onClick={() => saveToLibrary(index)}>
                <IconBookUpload size={18} aria-hidden="true" />
              </IconAction>
            )}
            <IconAction label={`Remover bloco ${n}`} color="red" onClick={() => remove(index)}>
              <IconTrash size={18} aria-hidden="true" />
            </IconAction>
          </Group>
        </Group>
        <TextInput
          label="Título do bloco"
          placeholder="Por exemplo, Âmbito do projeto"
          ref={focusOnMount}
          value={block.title}
          error={titleError}
          data-path={`blocks.${index}.title`}
          onChange={(event) => setField(index, 'title', event.currentTarget.value)}
        />
        <Textarea
          label="Texto"
          autosize
          minRows={3}
          maxRows={14}
          value={block.content}
          error={contentError}
          data-path={`blocks.${index}.content`}
          onChange={(event) => setField(index, 'content', event.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}, sameBlock);

interface BlocksEditorProps {
  form: UseFormReturnType<ProposalFormValues>;
}

/** The proposal's sections (title and text): add, remove, and reorder with up/down buttons. */
export function BlocksEditor({ form }: BlocksEditorProps) {
  const { blocks } = form.getValues();
  const { errors, setFieldValue, reorderListItem, removeListItem, insertListItem } = form;
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const setField = useCallback(
    (index: number, field: BlockField, value: string) => setFieldValue(`blocks.${index}.${field}`, value),
    [setFieldValue],
  );
  const move = useCallback(
    (from: number, to: number) => reorderListItem('blocks', { from, to }),
    [reorderListItem],
  );
  const remove = useCallback((index: number) => removeListItem('blocks', index), [removeListItem]);
  const clearFocusKey = useCallback(() => setFocusKey(null), []);
  // The block library (docs/product.md#block-library): save a copy of a block, or insert a copy of one.
  const library = useBlockLibrary((block: LibraryBlock) => {
    const inserted = newBlock({ title: block.title, content: block.content });
    setFocusKey(inserted.key);
    insertListItem('blocks', inserted);
  });
  const { getValues } = form;
  const { save } = library;
  const saveToLibrary = useCallback(
    (index: number) => {
      const block = getValues().blocks[index];
      if (block) save({ type: 'text', title: block.title, content: block.content });
    },
    [getValues, save],
  );

  const add = () => {
    const block = newBlock();
    setFocusKey(block.key);
    insertListItem('blocks', block);
  };

  return (
    <Stack gap="sm">
      {blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          Sem blocos de conteúdo. Acrescente secções como Introdução, Âmbito ou Condições.
        </Text>
      )}
      {blocks.map((block, index) => (
        <BlockRow
          key={block.key}
          block={block}
          index={index}
          isLast={index === blocks.length - 1}
          titleError={errors[`blocks.${index}.title`]}
          contentError={errors[`blocks.${index}.content`]}
          autoFocus={focusKey === block.key}
          onAutoFocused={clearFocusKey}
          setField={setField}
          move={move}
          remove={remove}
          saveToLibrary={library.canUse ? saveToLibrary : undefined}
        />
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add}>
          Adicionar bloco
        </Button>
        {library.insertButton}
      </Group>
      {library.dialogs}
    </Stack>
  );
}
