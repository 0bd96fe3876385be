import { Box, Button, Group, Pill, TagsInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/** The most tags a template may carry (the API's limit). */
export const MAX_TAGS = 20;

/**
 * Tags trimmed, empty ones dropped, duplicates (ignoring case) removed, first spelling kept
 * (docs/product.md#templates).
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLocaleLowerCase('pt-PT');
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result.slice(0, MAX_TAGS);
}

/** The tags after adding what was typed (trimmed; ignored when blank or already there). */
export function addTag(tags: readonly string[], typed: string): string[] {
  return normalizeTags([...tags, typed]);
}

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: ReactNode;
}

/**
 * Tags added with Enter (or a comma) or the 'Adicionar' button, each removable (docs/product.md#templates).
 */
export function TagsField({ value, onChange, error }: TagsFieldProps) {
  const [typed, setTyped] = useState('');
  const add = () => {
    onChange(addTag(value, typed));
    setTyped('');
  };

  return (
    <TagsInput
      label="Etiquetas"
      description="Escreva uma etiqueta e prima Enter ou Adicionar."
      placeholder={value.length >= MAX_TAGS ? undefined : 'Nova etiqueta'}
      value={value}
      // Enter, a comma, pasting and leaving the field all land here: keep the list trimmed and unique.
      onChange={(tags) => onChange(normalizeTags(tags))}
      searchValue={typed}
      onSearchChange={setTyped}
      maxTags={MAX_TAGS}
      error={error}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box style={{ flex: 1, minWidth: 0 }}>{input}</Box>
          <Button variant="default" onClick={add} leftSection={<IconPlus size={16} aria-hidden="true" />}>
            Adicionar
          </Button>
        </Group>
      )}
      renderPill={({ value: tag, onRemove }) => (
        <Pill
          withRemoveButton
          onRemove={onRemove}
          // Mantine hides the remove button from assistive technology; name it and make it reachable.
          removeButtonProps={{ 'aria-label': `Remover etiqueta ${tag}`, 'aria-hidden': false, tabIndex: 0 }}
        >
          {tag}
        </Pill>
      )}
    />
  );
}
