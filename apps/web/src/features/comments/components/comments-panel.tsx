import { MESSAGES } from '@aceite/shared/messages';
import type { Comment } from '@aceite/shared/schemas/collaboration';
import { Alert, Avatar, Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { PanelStates } from '@/components/panel-states';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useComments, useCreateComment, useDeleteComment, useUpdateComment } from '../api/comments';

const UPDATE_ERROR = 'Erro ao atualizar comentário';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}

interface CommentFormProps {
  initial?: { content: string; isPrivate: boolean };
  submitLabel: string;
  pending: boolean;
  error: unknown;
  errorFallback: string;
  onSubmit: (input: { content: string; isPrivate: boolean }) => void;
  onCancel?: () => void;
  /** Field label; the new-comment form and each edit form need distinct names. */
  label: string;
}

/** Text and the private flag; empty or whitespace-only text cannot be sent (docs/product.md#comments). */
function CommentForm({
  initial,
  submitLabel,
  pending,
  error,
  errorFallback,
  onSubmit,
  onCancel,
  label,
}: CommentFormProps) {
  const [content, setContent] = useState(initial?.content ?? '');
  const [isPrivate, setIsPrivate] = useState(initial?.isPrivate ?? false);
  const blank = content.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    onSubmit({ content: content.trim(), isPrivate });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error, errorFallback)}
          </Alert>
        ) : null}
        <Textarea
          label={label}
          placeholder="Escreva um comentário para a equipa…"
          autosize
          minRows={2}
          maxLength={10_000}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label="Privado (só a equipa vê)"
            checked={isPrivate}
            onChange={(event) => setIsPrivate(event.currentTarget.checked)}
          />
          <Group gap="xs">
            {onCancel && (
              <Button variant="default" size="sm" onClick={onCancel}>
                Cancelar
              </Button>
            )}
            <Button type="submit" size="sm" disabled={blank} loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem({
  comment,
  proposalId,
  isAuthor,
}: {
  comment: Comment;
  proposalId: string;
  isAuthor: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateComment(proposalId);
  const remove = useDeleteComment(proposalId);
  const edited = comment.updatedAt !== comment.createdAt;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Eliminar comentário',
      centered: true,
      closeButtonProps: { 'aria-label': 'Fechar' },
      children: <Text size="sm">Tem a certeza de que quer eliminar este comentário?</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(comment.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Comentário eliminado.' }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: MESSAGES.commentDeleteError,
              message: errorMessage(error, MESSAGES.commentDeleteError),
            }),
        }),
    });

  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm">
      <Avatar radius="xl" size="md" color="brand" aria-hidden="true">
        {initialsOf(comment.authorName)}
      </Avatar>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {comment.authorName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(comment.createdAt)}
            {edited ? ' · editado' : ''}
          </Text>
          {comment.isPrivate && (
            <Badge
              size="sm"
              color="gray"
              variant="light"
              leftSection={<IconLock size={12} aria-hidden="true" />}
            >
              Privado
            </Badge>
          )}
        </Group>
        {editing ? (
          <CommentForm
            label="Editar comentário"
            initial={{ content: comment.content, isPrivate: comment.isPrivate }}
            submitLabel="Guardar"
            pending={update.isPending}
            error={update.error}
            errorFallback={UPDATE_ERROR}
            onCancel={() => {
              update.reset();
              setEditing(false);
            }}
            onSubmit={(input) =>
              update.mutate({ id: comment.id, ...input }, { onSuccess: () => setEditing(false) })
            }
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {comment.content}
          </Text>
        )}
        {isAuthor && !editing && (
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
              Editar
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={confirmDelete}>
              Eliminar
            </Button>
          </Group>
        )}
      </Stack>
    </Group>
  );
}

interface CommentsPanelProps {
  proposalId: string;
  /** Whether the signed-in user may edit or delete this comment (its author only: `canEditComment`). */
  canEdit: (comment: Comment) => boolean;
  /** Viewers read; everyone else may comment (docs/product.md#roles-and-permissions). */
  canComment: boolean;
}

/** Comments (docs/product.md#comments): list with author, date and private badge; new, edit, delete. */
export function CommentsPanel({ proposalId, canEdit, canComment }: CommentsPanelProps) {
  const query = useComments(proposalId);
  const create = useCreateComment(proposalId);
  // A fresh form after each comment sent.
  const [formKey, setFormKey] = useState(0);

  const list = (
    <PanelStates
      query={query}
      loadingLabel="A carregar comentários…"
      error={{ message: MESSAGES.commentsLoadError }}
      isEmpty={(comments) => comments.length === 0}
      empty="Ainda não há comentários."
    >
      {(comments) => (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comentários">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              proposalId={proposalId}
              isAuthor={canEdit(comment)}
            />
          ))}
        </Stack>
      )}
    </PanelStates>
  );

  return (
    <SectionPanel title="Comentários">
      <Stack gap="lg">
        {list}
        {canComment && (
          <CommentForm
            key={formKey}
            label="Novo comentário"
            submitLabel="Comentar"
            pending={create.isPending}
            error={create.error}
            errorFallback={MESSAGES.commentCreateError}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: () => {
                  create.reset();
                  setFormKey((k) => k + 1);
                },
              })
            }
          />
        )}
      </Stack>
    </SectionPanel>
  );
}
