import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface EditorCardProps {
  /** The card's accessible name ('Bloco 2', 'Item 1'), by which screen readers and tests find it. */
  name: string;
  /** The proposal's denser card (a `div` group) rather than the template's roomier `fieldset`. */
  dense?: boolean;
  children: ReactNode;
}

/** One row's card in the blocks and items editors (`components/blocks-editor/`, `components/items-editor/`). */
export function EditorCard({ name, dense, children }: EditorCardProps) {
  if (dense) {
    return (
      <Paper withBorder radius="md" p="sm" role="group" aria-label={name}>
        {children}
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="fieldset"
      m={0}
      style={{ minWidth: 0 }}
      aria-label={name}
    >
      {children}
    </Paper>
  );
}
