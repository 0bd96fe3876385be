import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Button } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import {
  type BlockField,
  type BlocksEditorWords,
  BlocksEditor as SharedBlocksEditor,
} from '@/components/blocks-editor/blocks-editor';
import { type BlockValues, newBlock, type ProposalFormValues } from './proposal-form-values';

const WORDS: BlocksEditorWords = {
  empty: 'Sem blocos de conteúdo. Acrescente secções como Introdução, Âmbito ou Condições.',
  titleLabel: () => 'Título do bloco',
  titlePlaceholder: 'Por exemplo, Âmbito do projeto',
  contentLabel: () => 'Texto',
  dense: true,
};

const keyOf = (block: BlockValues) => block.key;

interface BlocksEditorProps {
  form: UseFormReturnType<ProposalFormValues>;
}

/**
 * The proposal's sections (title and text): add, remove, and reorder with up/down buttons. A block added by
 * hand or from the library takes the focus; callbacks are stable so untouched rows skip re-rendering.
 */
export function BlocksEditor({ form }: BlocksEditorProps) {
  const { blocks } = form.getValues();
  const { errors, setFieldValue, reorderListItem, removeListItem, insertListItem, getValues } = form;
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
  const libraryBlockOf = useCallback(
    (index: number): LibraryBlock | undefined => {
      const block = getValues().blocks[index];
      return block && { type: 'text', title: block.title, content: block.content };
    },
    [getValues],
  );
  const insertFromLibrary = (block: LibraryBlock) => {
    const inserted = newBlock({ title: block.title, content: block.content });
    setFocusKey(inserted.key);
    insertListItem('blocks', inserted);
  };

  const add = () => {
    const block = newBlock();
    setFocusKey(block.key);
    insertListItem('blocks', block);
  };

  return (
    <SharedBlocksEditor
      blocks={blocks}
      keyOf={keyOf}
      path="blocks"
      errors={errors}
      words={WORDS}
      setField={setField}
      move={move}
      remove={remove}
      libraryBlockOf={libraryBlockOf}
      insertFromLibrary={insertFromLibrary}
      focusKey={focusKey}
      onFocused={clearFocusKey}
      addButtons={
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add}>
          Adicionar bloco
        </Button>
      }
    />
  );
}
