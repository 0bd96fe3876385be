import { CONTENT_BLOCK_NAME_MAX, type LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { useCreateContentBlock } from '@/api/content-blocks';
import { ApiError, errorMessage } from '@/lib/api-client';
import { BlockPreview } from './block-preview';

interface SaveToLibraryModalProps {
  /** The block to save; the dialog is open while it is set. */
  block: LibraryBlock | null;
  onClose: () => void;
}

/**
 * "Guardar na biblioteca": asks for a name (the block's title by default) and saves a copy of the block to the
 * organization's library (docs/product.md#block-library).
 */
export function SaveToLibraryModal({ block, onClose }: SaveToLibraryModalProps) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateContentBlock();

  useEffect(() => {
    if (!block) return;
    setName(block.title.trim().slice(0, CONTENT_BLOCK_NAME_MAX));
    setNameError(null);
    setFormError(null);
  }, [block]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the DOM, not out of React: without this the submit bubbles to the
    // editor's own form and saves the proposal or template too.
    event.stopPropagation();
    if (!block) return;
    if (!name.trim()) {
      setNameError('O nome do bloco é obrigatório');
      return;
    }
    setFormError(null);
    create.mutate(
      { name, block },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Bloco "${saved.name}" guardado na biblioteca` });
          onClose();
        },
        onError: (error) => {
          const details = error instanceof ApiError ? error.details : [];
          const onName = details.find((d) => d.field === 'name');
          // A block too long for the library (docs/product.md#block-library) is said in the server's words.
          const onBlock = details.find((d) => d.field.startsWith('block'));
          if (onName) setNameError(onName.message);
          else
            setFormError(
              onBlock?.message ?? errorMessage(error, 'Não foi possível guardar o bloco na biblioteca'),
            );
        },
      },
    );
  };

  return (
    <Modal
      opened={block !== null}
      onClose={onClose}
      title="Guardar na biblioteca"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {block && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Nome do bloco"
              description="Como o vai encontrar na biblioteca."
              required
              maxLength={CONTENT_BLOCK_NAME_MAX}
              value={name}
              error={nameError}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
              data-autofocus
            />
            <BlockPreview block={block} />
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
