import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBookUpload, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback } from 'react';
import { useBlockLibrary } from '@/components/content-blocks/library-dialogs';
import { EditorCard } from '@/components/editor-card';
import { IconAction } from '@/components/icon-action';
import { useFocusOnMount } from '@/components/use-focus-on-mount';

/*
 * The content blocks editor of the proposal and template forms (docs/architecture.md, "Where things go"): one
 * component, form-agnostic; each feature's wrapper binds it to its form and passes its words, its heading
 * (the template's type selector) and its add buttons. See docs/decisions.md, issue 36.
 */

export type BlockField = 'title' | 'content';

/** What the editor reads of a block; the features' block values carry more (a key or id, a type). */
export interface EditorBlock {
  title: string;
  content: string;
}

/** The events an input raises, when the form wants them (the template's touched and validate-on-blur). */
export interface BlockFieldEvents {
  onFocus?: () => void;
  onBlur?: () => void;
}

/** The editor's words and looks, one constant per feature (the tests and e2e specs find fields by them). */
export interface BlocksEditorWords {
  /** Shown while there is no block. */
  empty: ReactNode;
  /** The title input's label, e.g. 'Título do bloco' or 'Título do bloco 2'. */
  titleLabel: (position: number) => string;
  titlePlaceholder?: string;
  /** 'off' where the browser should not suggest earlier titles. */
  titleAutoComplete?: string;
  contentLabel: (position: number) => string;
  /** The row buttons' tooltips when shorter than their names; the names by default. */
  tooltips?: { up: string; down: string; save: string; remove: string };
  /** The proposal's denser card (a `div` group) rather than the template's roomier `fieldset`. */
  dense?: boolean;
}

interface BlockRowProps {
  block: EditorBlock;
  index: number;
  isLast: boolean;
  titleError: ReactNode;
  contentError: ReactNode;
  /** The form path of the list ('blocks', 'content.blocks'), for the inputs' `data-path`. */
  path: string;
  words: BlocksEditorWords;
  /** Left of the row's buttons; 'Bloco 2' by default. */
  heading: ReactNode;
  contentDescription: string | undefined;
  autoFocus: boolean;
  onAutoFocused: () => void;
  setField: (index: number, field: BlockField, value: string) => void;
  fieldEvents: ((index: number, field: BlockField) => BlockFieldEvents) | undefined;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  /** Opens "Guardar na biblioteca" for the block; absent when the member may not save blocks. */
  saveToLibrary?: (index: number) => void;
}

/** Compares the block's fields, since `@mantine/form` clones every value on each change. */
function sameBlock(a: BlockRowProps, b: BlockRowProps): boolean {
  return (
    a.block.title === b.block.title &&
    a.block.content === b.block.content &&
    a.index === b.index &&
    a.isLast === b.isLast &&
    a.titleError === b.titleError &&
    a.contentError === b.contentError &&
    a.path === b.path &&
    a.words === b.words &&
    a.heading === b.heading &&
    a.contentDescription === b.contentDescription &&
    a.autoFocus === b.autoFocus &&
    a.onAutoFocused === b.onAutoFocused &&
    a.setField === b.setField &&
    a.fieldEvents === b.fieldEvents &&
    a.move === b.move &&
    a.remove === b.remove &&
    a.saveToLibrary === b.saveToLibrary
  );
}

/** One block. Memoised so typing elsewhere does not re-measure every autosizing text area. */
const BlockRow = memo(function BlockRow({
  block,
  index,
  isLast,
  titleError,
  contentError,
  path,
  words,
  heading,
  contentDescription,
  autoFocus,
  onAutoFocused,
  setField,
  fieldEvents,
  move,
  remove,
  saveToLibrary,
}: BlockRowProps) {
  const n = index + 1;
  const focusOnMount = useFocusOnMount(autoFocus, onAutoFocused);
  const { tooltips, dense } = words;
  const header = (
    <Group justify="space-between" gap="xs" mb={dense ? undefined : 'sm'} wrap="nowrap">
      {heading ?? (
        <Text size="sm" fw={600} c="dimmed">
          Bloco {n}
        </Text>
      )}
      <Group gap={2} wrap="nowrap">
        <IconAction
          label={`Mover bloco ${n} para cima`}
          tooltip={tooltips?.up}
          disabled={index === 0}
          onClick={() => move(index, index - 1)}
        >
          <IconArrowUp size={18} aria-hidden="true" />
        </IconAction>
        <IconAction
          label={`Mover bloco ${n} para baixo`}
          tooltip={tooltips?.down}
          disabled={isLast}
          onClick={() => move(index, index + 1)}
        >
          <IconArrowDown size={18} aria-hidden="true" />
        </IconAction>
        {saveToLibrary && (
          <IconAction
            label={`Guardar bloco ${n} na biblioteca`}
            tooltip={tooltips?.save}
            onClick={() => saveToLibrary(index)}
          >
            <IconBookUpload size={18} aria-hidden="true" />
          </IconAction>
        )}
        <IconAction
          label={`Remover bloco ${n}`}
          tooltip={tooltips?.remove}
          color="red"
          onClick={() => remove(index)}
        >
          <IconTrash size={18} aria-hidden="true" />
        </IconAction>
      </Group>
    </Group>
  );
  const inputs = (
    <>
      <TextInput
        label={words.titleLabel(n)}
        placeholder={words.titlePlaceholder}
        autoComplete={words.titleAutoComplete}
        ref={focusOnMount}
        value={block.title}
        error={titleError}
        data-path={`${path}.${index}.title`}
        onChange={(event) => setField(index, 'title', event.currentTarget.value)}
        {...fieldEvents?.(index, 'title')}
      />
      <Textarea
        label={words.contentLabel(n)}
        description={contentDescription}
        autosize
        minRows={3}
        maxRows={14}
        value={block.content}
        error={contentError}
        data-path={`${path}.${index}.content`}
        onChange={(event) => setField(index, 'content', event.currentTarget.value)}
        {...fieldEvents?.(index, 'content')}
      />
    </>
  );
  return (
    <EditorCard name={`Bloco ${n}`} dense={dense}>
      {dense ? (
        <Stack gap="xs">
          {header}
          {inputs}
        </Stack>
      ) : (
        <>
          {header}
          <Stack gap="sm">{inputs}</Stack>
        </>
      )}
    </EditorCard>
  );
}, sameBlock);

interface BlocksEditorProps<B extends EditorBlock> {
  blocks: readonly B[];
  /** The block's React key (stable across reorders). */
  keyOf: (block: B) => string;
  /** The form path of the list ('blocks', 'content.blocks'). */
  path: string;
  /** The form's errors, by path ('blocks.0.title'). */
  errors: Record<string, ReactNode>;
  words: BlocksEditorWords;
  setField: (index: number, field: BlockField, value: string) => void;
  fieldEvents?: (index: number, field: BlockField) => BlockFieldEvents;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  /** The block as "Guardar na biblioteca" receives it. */
  libraryBlockOf: (index: number) => LibraryBlock | undefined;
  /** Adds a copy of a library block. */
  insertFromLibrary: (block: LibraryBlock) => void;
  /** The add buttons, left of "Inserir da biblioteca". */
  addButtons: ReactNode;
  /** Replaces 'Bloco 2' left of a row's buttons (the template's position and type selector). */
  heading?: (block: B, index: number) => ReactNode;
  /** The content field's description (the template's list hint). */
  contentDescription?: (block: B) => string | undefined;
  /** The key of a block just added by hand: its title takes the focus once, then `onFocused`. */
  focusKey?: string | null;
  onFocused?: () => void;
}

const noop = () => {};

/** Content blocks (title and text): add, remove, reorder with up/down buttons, and the block library. */
export function BlocksEditor<B extends EditorBlock>({
  blocks,
  keyOf,
  path,
  errors,
  words,
  setField,
  fieldEvents,
  move,
  remove,
  libraryBlockOf,
  insertFromLibrary,
  addButtons,
  heading,
  contentDescription,
  focusKey = null,
  onFocused = noop,
}: BlocksEditorProps<B>) {
  // The block library (docs/product.md#block-library): save a copy of a block, or insert a copy of one.
  const library = useBlockLibrary(insertFromLibrary);
  const { save } = library;
  const saveToLibrary = useCallback(
    (index: number) => {
      const block = libraryBlockOf(index);
      if (block) save(block);
    },
    [libraryBlockOf, save],
  );

  return (
    <Stack gap="sm">
      {blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          {words.empty}
        </Text>
      )}
      {blocks.map((block, index) => {
        const key = keyOf(block);
        return (
          <BlockRow
            key={key}
            block={block}
            index={index}
            isLast={index === blocks.length - 1}
            titleError={errors[`${path}.${index}.title`]}
            contentError={errors[`${path}.${index}.content`]}
            path={path}
            words={words}
            heading={heading?.(block, index)}
            contentDescription={contentDescription?.(block)}
            autoFocus={focusKey === key}
            onAutoFocused={onFocused}
            setField={setField}
            fieldEvents={fieldEvents}
            move={move}
            remove={remove}
            saveToLibrary={library.canUse ? saveToLibrary : undefined}
          />
        );
      })}
      <Group gap={words.dense ? undefined : 'sm'}>
        {addButtons}
        {library.insertButton}
      </Group>
      {library.dialogs}
    </Stack>
  );
}
