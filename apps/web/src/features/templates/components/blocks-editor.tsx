import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconArrowDown,
  IconArrowUp,
  IconBookUpload,
  IconList,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useBlockLibrary } from '@/components/content-blocks/library-dialogs';
import { IconAction } from '@/components/icon-action';
import { type BlockType, newBlock, type TemplateFormValues } from './template-form-values';

const BLOCK_TYPES: { value: BlockType; label: string }[] = [
  { value: 'text', label: 'Texto' },
  { value: 'list', label: 'Lista' },
];

interface BlocksEditorProps {
  form: UseFormReturnType<TemplateFormValues>;
}

/** The template's content blocks: text or list, with title and content, added, removed and reordered. */
export function BlocksEditor({ form }: BlocksEditorProps) {
  const blocks = form.values.content.blocks;
  const move = (from: number, to: number) => form.reorderListItem('content.blocks', { from, to });
  // The block library (docs/product.md#block-library): save a copy of a block, or insert a copy of one.
  const library = useBlockLibrary((block: LibraryBlock) =>
    form.insertListItem('content.blocks', {
      ...newBlock(block.type),
      title: block.title,
      content: block.content,
    }),
  );

  return (
    <Stack gap="sm">
      {blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          Ainda não há blocos. Os blocos são as secções de texto da proposta, como a introdução, o âmbito ou
          as condições.
        </Text>
      )}
      {blocks.map((block, index) => {
        const position = index + 1;
        return (
          <Paper
            key={block.id}
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'md' }}
            component="fieldset"
            m={0}
            style={{ minWidth: 0 }}
            aria-label={`Bloco ${position}`}
          >
            <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Text fw={600} size="sm" aria-hidden="true">
                  {position}.
                </Text>
                <SegmentedControl
                  size="xs"
                  data={BLOCK_TYPES}
                  aria-label={`Tipo do bloco ${position}`}
                  {...form.getInputProps(`content.blocks.${index}.type`)}
                />
              </Group>
              <Group gap={2} wrap="nowrap">
                <IconAction
                  label={`Mover bloco ${position} para cima`}
                  tooltip="Mover para cima"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={18} aria-hidden="true" />
                </IconAction>
                <IconAction
                  label={`Mover bloco ${position} para baixo`}
                  tooltip="Mover para baixo"
                  disabled={index === blocks.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={18} aria-hidden="true" />
                </IconAction>
                {library.canUse && (
                  <IconAction
                    label={`Guardar bloco ${position} na biblioteca`}
                    tooltip="Guardar na biblioteca"
                    onClick={() =>
                      library.save({ type: block.type, title: block.title, content: block.content })
                    }
                  >
                    <IconBookUpload size={18} aria-hidden="true" />
                  </IconAction>
                )}
                <IconAction
                  label={`Remover bloco ${position}`}
                  tooltip="Remover bloco"
                  color="red"
                  onClick={() => form.removeListItem('content.blocks', index)}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </IconAction>
              </Group>
            </Group>
            <Stack gap="sm">
              <TextInput
                label={`Título do bloco ${position}`}
                autoComplete="off"
                {...form.getInputProps(`content.blocks.${index}.title`)}
              />
              <Textarea
                label={`Conteúdo do bloco ${position}`}
                description={block.type === 'list' ? 'Um item da lista por linha.' : undefined}
                autosize
                minRows={3}
                maxRows={14}
                {...form.getInputProps(`content.blocks.${index}.content`)}
              />
            </Stack>
          </Paper>
        );
      })}
      <Group gap="sm">
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
        {library.insertButton}
      </Group>
      {library.dialogs}
    </Stack>
  );
}
