import { Group, type MantineSpacing, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { EditorCard } from '@/components/editor-card';
import { IconAction } from '@/components/icon-action';

/*
 * The priced lines editor of the proposal and template forms (docs/architecture.md, "Where things go"): the
 * list, its empty text, each line's card and remove button, and the add buttons. A line's fields are the
 * feature's (`renderItem`): the proposal's carry its own IVA, the client's choice and the exemption, each
 * bound to feature code that `components/` may not import. See docs/decisions.md, issue 36.
 */

interface ItemsEditorProps<I> {
  items: readonly I[];
  /** The line's React key (stable across removals). */
  keyOf: (item: I) => string;
  /** Shown while there is no line. */
  empty: ReactNode;
  /** One line, usually an `ItemCard` (the proposal's is memoised). */
  renderItem: (item: I, index: number) => ReactNode;
  /** 'Adicionar item' and the like. */
  addButtons: ReactNode;
  addButtonsGap?: MantineSpacing;
}

/** A list of priced lines with its add buttons. */
export function ItemsEditor<I>({
  items,
  keyOf,
  empty,
  renderItem,
  addButtons,
  addButtonsGap,
}: ItemsEditorProps<I>) {
  return (
    <Stack gap="sm">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {items.map((item, index) => (
        <Fragment key={keyOf(item)}>{renderItem(item, index)}</Fragment>
      ))}
      <Group gap={addButtonsGap}>{addButtons}</Group>
    </Stack>
  );
}

interface ItemCardProps {
  /** 1 for the first line: the card's name is 'Item 1'. */
  position: number;
  /** The proposal's denser card (a `div` group) rather than the template's roomier `fieldset`. */
  dense?: boolean;
  children: ReactNode;
}

/** One line's card, named 'Item n' for screen readers and tests. */
export function ItemCard({ position, dense, children }: ItemCardProps) {
  return (
    <EditorCard name={`Item ${position}`} dense={dense}>
      {children}
    </EditorCard>
  );
}

interface RemoveItemActionProps {
  position: number;
  /** Shorter than the name ('Remover item'); the name by default. */
  tooltip?: string;
  onClick: () => void;
}

/** 'Remover item n'. */
export function RemoveItemAction({ position, tooltip, onClick }: RemoveItemActionProps) {
  return (
    <IconAction label={`Remover item ${position}`} tooltip={tooltip} color="red" onClick={onClick}>
      <IconTrash size={18} aria-hidden="true" />
    </IconAction>
  );
}
