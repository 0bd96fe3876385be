import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { List, Paper, Stack, Text, Title } from '@mantine/core';

/** A list block's items: one per non-empty line, as the public page and the PDF read them. */
function listItems(content: string): string[] {
  return content
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * How a library block will read once inserted. Plain text only: React escapes every string, and nothing here
 * is ever given to the browser as HTML (docs/product.md#block-library).
 */
export function BlockPreview({ block, label }: { block: LibraryBlock; label?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={label ?? 'Pré-visualização do bloco'} role="region">
      <Stack gap="xs">
        {block.title && (
          <Title order={3} size="h5">
            {block.title}
          </Title>
        )}
        {block.type === 'list' ? (
          <List size="sm" spacing={2}>
            {listItems(block.content).map((item, index) => (
              // Lines may repeat; their position is their identity here.
              // biome-ignore lint/suspicious/noArrayIndexKey: a static preview, never reordered
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {block.content}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
