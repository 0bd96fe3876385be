import {
  CONTENT_BLOCK_CONTENT_MAX,
  CONTENT_BLOCK_NAME_MAX,
  type ContentBlock,
  type LibraryBlock,
} from '@aceite/shared/schemas/content-blocks';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { useCreateContentBlock, useUpdateContentBlock } from '@/api/content-blocks';
import { ApiError, errorMessage } from '@/lib/api-client';

interface ContentBlockFormModalProps {
  opened: boolean;
  /** The block being renamed or edited; null for a new one. */
  block: ContentBlock | null;
  onClose: () => void;
}

type Field = 'name' | 'title' | 'content';

const EMPTY: LibraryBlock = { type: 'text', title: '', content: '' };

/**
 * Name and content of a library block (docs/product.md#block-library). Saving changes the library's copy only:
 * proposals and templates that inserted it keep theirs.
 */
export function ContentBlockFormModal({ opened, block, onClose }: ContentBlockFormModalProps) {
  const [name, setName] = useState('');
  const [values, setValues] = useState<LibraryBlock>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateContentBlock();
  const update = useUpdateContentBlock();
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (!opened) return;
    setName(block?.name ?? '');
    setValues(block ? { ...block.block } : EMPTY);
    setErrors({});
    setFormError(null);
  }, [opened, block]);

  const onError = (error: unknown) => {
    const next: Partial<Record<Field, string>> = {};
    for (const detail of error instanceof ApiError ? error.details : []) {
      if (detail.field === 'name') next.name = detail.message;
      if (detail.field === 'block.title') next.title = detail.message;
      if (detail.field === 'block.content') next.content = detail.message;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) setFormError(errorMessage(error, 'Não foi possível guardar o bloco'));
  };

  const onSuccess = () => {
    notifications.show({
      closeButtonProps: { 'aria-label': 'Fechar notificação' },
      color: 'green',
      message: block ? 'Bloco atualizado' : 'Bloco criado',
    });
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Portalled out of the DOM, not out of React: a form around the list must not receive this submit.
    event.stopPropagation();
    const next: Partial<Record<Field, string>> = {};
    if (!name.trim()) next.name = 'O nome do bloco é obrigatório';
    if (!values.title.trim() && !values.content.trim())
      next.content = 'O bloco precisa de um título ou de texto';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    if (block) update.mutate({ id: block.id, input: { name, block: values } }, { onSuccess, onError });
    else create.mutate({ name, block: values }, { onSuccess, onError });
  };

  const set = (field: keyof LibraryBlock, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={block ? 'Editar bloco' : 'Novo bloco'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Nome do bloco"
            required
            maxLength={CONTENT_BLOCK_NAME_MAX}
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            data-autofocus
          />
          <SegmentedControl
            aria-label="Tipo do bloco"
            data={[
              { value: 'text', label: 'Texto' },
              { value: 'list', label: 'Lista' },
            ]}
            value={values.type}
            onChange={(value) => set('type', value)}
          />
          <TextInput
            label="Título do bloco"
            maxLength={300}
            value={values.title}
            error={errors.title}
            onChange={(event) => set('title', event.currentTarget.value)}
          />
          <Textarea
            label="Texto do bloco"
            description={values.type === 'list' ? 'Um item da lista por linha.' : undefined}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={CONTENT_BLOCK_CONTENT_MAX}
            value={values.content}
            error={errors.content}
            onChange={(event) => set('content', event.currentTarget.value)}
          />
          {block && (
            <Alert color="gray" variant="light">
              As propostas e modelos onde o bloco já foi inserido não mudam.
            </Alert>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
