import { MESSAGES } from '@aceite/shared/messages';
import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Alert, Button, Modal } from '@mantine/core';
import { IconBookDownload } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useCan } from '@/lib/authorization';

/*
 * The block library's two dialogs as the editors use them: loaded on first open, not with the editor, whose
 * initial JavaScript has a budget (docs/performance.md, "Web"; docs/product.md#block-library). A chunk that
 * fails to load (offline) shows the usual dialog message instead of breaking the editor.
 */

interface SaveProps {
  block: LibraryBlock | null;
  onClose: () => void;
}

interface InsertProps {
  opened: boolean;
  onClose: () => void;
  onInsert: (block: LibraryBlock) => void;
}

/** Shown in place of a dialog whose code could not be loaded. */
function UnavailableDialog({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Alert color="red" variant="light" role="alert">
        {MESSAGES.dialogLoadError}
      </Alert>
    </Modal>
  );
}

function UnavailableSave({ onClose }: SaveProps) {
  return <UnavailableDialog title="Guardar na biblioteca" onClose={onClose} />;
}

function UnavailableInsert({ onClose }: InsertProps) {
  return <UnavailableDialog title="Inserir da biblioteca" onClose={onClose} />;
}

function lazyDialog<P extends { onClose: () => void }>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P>,
): ComponentType<P> {
  // React keeps the first outcome of a lazy component: after a failed load, reloading the page tries again.
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}

const SaveDialog = lazyDialog<SaveProps>(
  () => import('./save-to-library-modal').then((m) => m.SaveToLibraryModal),
  UnavailableSave,
);
const InsertDialog = lazyDialog<InsertProps>(
  () => import('./insert-from-library-modal').then((m) => m.InsertFromLibraryModal),
  UnavailableInsert,
);

/** "Guardar na biblioteca", loaded when a block is first given to it. */
export function LazySaveToLibraryModal(props: SaveProps) {
  if (props.block === null) return null;
  return (
    <Suspense fallback={null}>
      <SaveDialog {...props} />
    </Suspense>
  );
}

/** "Inserir da biblioteca", loaded when first opened. */
export function LazyInsertFromLibraryModal(props: InsertProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <InsertDialog {...props} />
    </Suspense>
  );
}

/**
 * The block library as an editor offers it (docs/product.md#block-library), one for the proposal and template
 * editors: whether the member may use it, `save` to open "Guardar na biblioteca" with a copy of a block, the
 * "Inserir da biblioteca" button and the two dialogs (render each once; both are null without the permission).
 */
export function useBlockLibrary(onInsert: (block: LibraryBlock) => void) {
  const canUse = useCan('content-block:create') === true;
  const [saving, setSaving] = useState<LibraryBlock | null>(null);
  const [inserting, setInserting] = useState(false);
  const insertButton = canUse ? (
    <Button
      variant="default"
      leftSection={<IconBookDownload size={16} aria-hidden="true" />}
      onClick={() => setInserting(true)}
    >
      Inserir da biblioteca
    </Button>
  ) : null;
  const dialogs = canUse ? (
    <>
      <LazySaveToLibraryModal block={saving} onClose={() => setSaving(null)} />
      <LazyInsertFromLibraryModal
        opened={inserting}
        onClose={() => setInserting(false)}
        onInsert={onInsert}
      />
    </>
  ) : null;
  return { canUse, save: setSaving, insertButton, dialogs };
}
