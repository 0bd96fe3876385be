import { formatFileSize } from '@aceite/shared/file-size';
import { MESSAGES } from '@aceite/shared/messages';
import {
  ATTACHMENT_EXTENSIONS,
  type Attachment,
  checkAttachment,
} from '@aceite/shared/schemas/collaboration';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconFile,
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypePpt,
  IconFileTypeTxt,
  IconFileTypeXls,
  IconPaperclip,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { PanelStates } from '@/components/panel-states';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, fullName } from '@/lib/format';
import {
  downloadAttachment,
  useAttachments,
  useDeleteAttachment,
  useUploadAttachment,
} from '../api/attachments';

const UPLOAD_ERROR = 'Erro ao anexar ficheiro';
const DELETE_ERROR = 'Erro ao eliminar anexo';
const DOWNLOAD_ERROR = 'Erro ao transferir anexo';
const ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function TypeIcon({ fileName, mimeType }: { fileName: string; mimeType: string }) {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  const props = { size: 22, 'aria-hidden': true, stroke: 1.6 } as const;
  if (mimeType.startsWith('image/')) return <IconPhoto {...props} />;
  if (ext === 'pdf') return <IconFileTypePdf {...props} />;
  if (ext === 'doc' || ext === 'docx') return <IconFileTypeDoc {...props} />;
  if (ext === 'xls' || ext === 'xlsx') return <IconFileTypeXls {...props} />;
  if (ext === 'ppt' || ext === 'pptx') return <IconFileTypePpt {...props} />;
  if (ext === 'csv') return <IconFileTypeCsv {...props} />;
  if (ext === 'txt') return <IconFileTypeTxt {...props} />;
  return <IconFile {...props} />;
}

function UploadModal({
  proposalId,
  opened,
  onClose,
}: {
  proposalId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const upload = useUploadAttachment(proposalId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [isVisibleToClient, setVisible] = useState(false);
  const [progress, setProgress] = useState(0);

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setFileError(null);
    setDescription('');
    setVisible(false);
    setProgress(0);
    upload.reset();
    onClose();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    // The size and type rules are checked before sending (the server checks again, by content too).
    setFileError(chosen ? checkAttachment(chosen) : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(MESSAGES.fileRequired);
      return;
    }
    const problem = checkAttachment(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, description: description.trim(), isVisibleToClient, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Ficheiro «${saved.fileName}» anexado.` });
          upload.reset();
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Adicionar anexo"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {upload.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(upload.error, UPLOAD_ERROR)}
            </Alert>
          ) : null}
          <FileInput
            label="Ficheiro"
            description="PDF, Word, Excel, PowerPoint, texto, CSV ou imagem; até 10 MB"
            placeholder="Escolher ficheiro"
            accept={ACCEPT}
            required
            clearable
            clearButtonProps={{ 'aria-label': 'Remover ficheiro escolhido' }}
            value={file}
            onChange={choose}
            error={fileError}
            leftSection={<IconPaperclip size={16} aria-hidden="true" />}
          />
          <Textarea
            label="Descrição"
            autosize
            minRows={2}
            maxLength={1000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox
            label="Visível para o cliente na página pública"
            checked={isVisibleToClient}
            onChange={(event) => setVisible(event.currentTarget.checked)}
          />
          {upload.isPending && (
            <Progress value={Math.round(progress * 100)} aria-label="Progresso do envio" animated striped />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={upload.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={upload.isPending} disabled={!!fileError}>
              Anexar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AttachmentItem({
  attachment,
  proposalId,
  canDelete,
}: {
  attachment: Attachment;
  proposalId: string;
  canDelete: boolean;
}) {
  const remove = useDeleteAttachment(proposalId);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAttachment(proposalId, attachment);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: DOWNLOAD_ERROR,
        message: errorMessage(error, DOWNLOAD_ERROR),
      });
    } finally {
      setDownloading(false);
    }
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Eliminar anexo',
      centered: true,
      closeButtonProps: { 'aria-label': 'Fechar' },
      children: <Text size="sm">Tem a certeza de que quer eliminar o anexo «{attachment.fileName}»?</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(attachment.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: `Anexo «${attachment.fileName}» eliminado.` }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: DELETE_ERROR,
              message: errorMessage(error, DELETE_ERROR),
            }),
        }),
    });

  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm">
      <TypeIcon fileName={attachment.fileName} mimeType={attachment.mimeType} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Button
          variant="transparent"
          p={0}
          h="auto"
          justify="flex-start"
          onClick={() => void download()}
          loading={downloading}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
        >
          {attachment.fileName}
        </Button>
        {attachment.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {attachment.description}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {formatFileSize(attachment.fileSize)} ·{' '}
            {attachment.uploader ? fullName(attachment.uploader) : '—'} ·{' '}
            {formatDateTime(attachment.createdAt)}
          </Text>
          {attachment.isVisibleToClient ? (
            <Badge size="sm" color="green" variant="light">
              Visível ao cliente
            </Badge>
          ) : (
            <Badge size="sm" color="gray" variant="light">
              Interno
            </Badge>
          )}
        </Group>
      </Stack>
      {canDelete && (
        <Tooltip label="Eliminar anexo">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Eliminar anexo ${attachment.fileName}`}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

interface AttachmentsPanelProps {
  proposalId: string;
  /** Whoever may change the proposal may attach files to it (docs/product.md#roles-and-permissions). */
  canAttach: boolean;
  /** Delete is for an admin or the file's uploader (docs/product.md#roles-and-permissions). */
  canDelete: (attachment: Attachment) => boolean;
}

/** Attachments (docs/product.md#attachments): list, upload with progress, download in a new tab, delete. */
export function AttachmentsPanel({ proposalId, canAttach, canDelete }: AttachmentsPanelProps) {
  const query = useAttachments(proposalId);
  const [uploading, setUploading] = useState(false);
  // A 404 on the list: the feature is off here (docs/product.md#errors-on-screens).
  const disabled = query.data === null;

  const body = (
    <PanelStates
      query={query}
      loadingLabel="A carregar anexos…"
      error={{ message: MESSAGES.attachmentsLoadError }}
      isEmpty={(attachments) => attachments !== null && attachments.length === 0}
      empty="Ainda não há anexos."
    >
      {(attachments) =>
        attachments === null ? (
          <Alert color="yellow" variant="light">
            {MESSAGES.attachmentsDisabled}
          </Alert>
        ) : (
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Anexos">
            {attachments.map((attachment) => (
              <AttachmentItem
                key={attachment.id}
                attachment={attachment}
                proposalId={proposalId}
                canDelete={canDelete(attachment)}
              />
            ))}
          </Stack>
        )
      }
    </PanelStates>
  );

  return (
    <SectionPanel
      title="Anexos"
      actions={
        canAttach && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPaperclip size={16} aria-hidden="true" />}
            disabled={disabled || query.isPending}
            onClick={() => setUploading(true)}
          >
            Adicionar anexo
          </Button>
        )
      }
    >
      {body}
      <UploadModal proposalId={proposalId} opened={uploading} onClose={() => setUploading(false)} />
    </SectionPanel>
  );
}
