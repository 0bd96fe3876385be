import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconList, IconPlus } from '@tabler/icons-react';
import {
  type BlockField,
  type BlocksEditorWords,
  BlocksEditor as SharedBlocksEditor,
} from '@/components/blocks-editor/blocks-editor';
import {
  type BlockType,
  newBlock,
  type TemplateFormBlock,
  type TemplateFormValues,
} from './template-form-values';

const BLOCK_TYPES: { value: BlockType; label: string }[] = [
  { value: 'text', label: 'Texto' },
  { value: 'list', label: 'Lista' },
];

const WORDS: BlocksEditorWords = {
  empty:
    'Ainda não há blocos. Os blocos são as secções de texto da proposta, como a introdução, o âmbito ou as condições.',
  titleLabel: (position) => `Título do bloco ${position}`,
  titleAutoComplete: 'off',
  contentLabel: (position) => `Conteúdo do bloco ${position}`,
  tooltips: {
    up: 'Mover para cima',
    down: 'Mover para baixo',
    save: 'Guardar na biblioteca',
    remove: 'Remover bloco',
  },
};

const keyOf = (block: TemplateFormBlock) => block.id;
const listHint = (block: TemplateFormBlock) =>
  block.type === 'list' ? 'Um item da lista por linha.' : undefined;

interface BlocksEditorProps {
  form: UseFormReturnType<TemplateFormValues>;
}

/** The template's content blocks: text or list, with title and content, added, removed and reordered. */
export function BlocksEditor({ form }: BlocksEditorProps) {
  const blocks = form.values.content.blocks;
  const pathOf = (index: number, field: BlockField) => `content.blocks.${index}.${field}` as const;
  // The form's own input events (touched, validate on blur), as `getInputProps` gives them.
  const fieldEvents = (index: number, field: BlockField) => {
    const { onFocus, onBlur } = form.getInputProps(pathOf(index, field));
    return { onFocus, onBlur };
  };

  return (
    <SharedBlocksEditor
      blocks={blocks}
      keyOf={keyOf}
      path="content.blocks"
      errors={form.errors}
      words={WORDS}
      setField={(index, field, value) =>
        form.setFieldValue(pathOf(index, field), value, { forceUpdate: false })
      }
      fieldEvents={fieldEvents}
      move={(from, to) => form.reorderListItem('content.blocks', { from, to })}
      remove={(index) => form.removeListItem('content.blocks', index)}
      libraryBlockOf={(index) => {
        const block = blocks[index];
        return block && { type: block.type, title: block.title, content: block.content };
      }}
      insertFromLibrary={(block: LibraryBlock) =>
        form.insertListItem('content.blocks', {
          ...newBlock(block.type),
          title: block.title,
          content: block.content,
        })
      }
      heading={(_block, index) => (
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} size="sm" aria-hidden="true">
            {index + 1}.
          </Text>
          <SegmentedControl
            size="xs"
            data={BLOCK_TYPES}
            aria-label={`Tipo do bloco ${index + 1}`}
            {...form.getInputProps(`content.blocks.${index}.type`)}
          />
        </Group>
      )}
      contentDescription={listHint}
      addButtons={
        <>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => form.insertListItem('content.blocks', newBlock('text'))}
          >
            Adicionar bloco de texto
          </Button>
          <Button
            variant="light"
            leftSection={<IconList size={16} aria-hidden="true" />}
            onClick={() => form.insertListItem('content.blocks', newBlock('list'))}
          >
            Adicionar lista
          </Button>
        </>
      }
    />
  );
}
