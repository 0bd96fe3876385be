import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MESSAGES } from '@aceite/shared/messages';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import {
  type ATTACHMENT_EXTENSIONS,
  type Attachment,
  fileExtension,
  MAX_ATTACHMENT_BYTES,
} from '@aceite/shared/schemas/collaboration';
import { stripBidiControls } from '@aceite/shared/text';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '@/db/client.ts';
import { assertCanDeleteAttachment, assertCanManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { assertWithinPlan } from '@/lib/entitlements.ts';
import type { FileStorage } from '@/lib/storage.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import {
  type AttachmentRow,
  deleteAttachmentById,
  insertAttachment,
  selectAnsweredForShare,
  selectAttachment,
  selectAttachments,
  selectProposalByToken,
  selectProposalOwnerId,
  selectStorageKeys,
  selectVisibleAttachments,
} from './attachments.queries.ts';

type Extension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The stored content type comes from the checked extension, never from what the browser claimed. */
const MIME_BY_EXTENSION: Record<Extension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** What content sniffing must find for each extension (OLE files are 'cfb'; OOXML is zip-based). */
const SNIFFED: Record<Extension, readonly string[] | 'text'> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  txt: 'text',
  csv: 'text',
};

export interface UploadedFile {
  fileName: string;
  buffer: Buffer;
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.attachmentNotFound);
const typeNotAllowed = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.fileTypeNotAllowed);

function toDto(row: {
  attachment: AttachmentRow;
  uploader: { firstName: string; lastName: string } | null;
}): Attachment {
  const a = row.attachment;
  return {
    id: a.id,
    fileName: a.fileName,
    description: a.description,
    fileSize: a.fileSize,
    mimeType: a.mimeType,
    isVisibleToClient: a.isVisibleToClient,
    uploadedBy: a.uploadedBy,
    uploader: row.uploader,
    createdAt: a.createdAt.toISOString(),
  };
}

/** By extension and by content: a renamed executable is refused (415). */
export async function detectAllowedType(file: UploadedFile): Promise<string> {
  const ext = fileExtension(file.fileName) as Extension;
  const expected = SNIFFED[ext];
  if (!expected) throw typeNotAllowed();
  const sniffed = await fileTypeFromBuffer(file.buffer);
  if (expected === 'text') {
    // Plain text has no signature: refuse anything binary (a known format, or NUL bytes).
    if (sniffed || file.buffer.subarray(0, 8192).includes(0)) throw typeNotAllowed();
  } else if (!sniffed || !expected.includes(sniffed.ext)) {
    throw typeNotAllowed();
  }
  return MIME_BY_EXTENSION[ext];
}

/** A file name safe to show and to put in a header: no paths, no control characters. */
function cleanFileName(name: string): string {
  // Bidirectional controls would let 'fatura\u202Efdp.exe' show as 'faturaexe.pdf' (issue 20).
  const base = stripBidiControls(name.split(/[\\/]/).pop() ?? 'ficheiro');
  const visible = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127 && c !== '"')
    .join('');
  return visible.slice(0, 200) || 'ficheiro';
}

async function ownerOf(ctx: TenantContext, proposalId: string): Promise<string> {
  const ownerId = await selectProposalOwnerId(ctx, proposalId);
  if (!ownerId) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return ownerId;
}

export async function listAttachments(ctx: TenantContext, proposalId: string): Promise<Attachment[]> {
  await ownerOf(ctx, proposalId);
  return (await selectAttachments(ctx, proposalId)).map(toDto);
}

/**
 * Stores an upload. `readUpload` is called only once the caller may attach to the proposal, so a refused
 * caller never makes the server buffer up to 10 MB.
 */
export async function createAttachment(
  ctx: TenantContext,
  storage: FileStorage,
  proposalId: string,
  readUpload: () => Promise<{ file: UploadedFile; description: string | null; isVisibleToClient: boolean }>,
): Promise<Attachment> {
  assertCanManageProposal(ctx, await ownerOf(ctx, proposalId));
  const input = await readUpload();
  if (input.file.buffer.length > MAX_ATTACHMENT_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
  if (input.file.buffer.length === 0) throw new AppError('VALIDATION_ERROR', MESSAGES.fileRequired);
  const mimeType = await detectAllowedType(input.file);
  const storageKey = `${ctx.organizationId}/${proposalId}/${randomUUID()}`;
  await storage.put(storageKey, input.file.buffer, mimeType);
  try {
    const id = await withTx(ctx, async (tx) => {
      if (input.isVisibleToClient && (await selectAnsweredForShare(tx, proposalId))) {
        throw new AppError('CONFLICT', MESSAGES.attachmentsFrozen);
      }
      // The plan's storage (issues 20 and 38, docs/product.md#plans): what the organization already uses plus
      // this file, counted under the organization's lock.
      await assertWithinPlan(tx, 'storageBytes', input.file.buffer.length);
      return insertAttachment(tx, {
        proposalId,
        fileName: cleanFileName(input.file.fileName),
        description: input.description,
        fileSize: input.file.buffer.length,
        mimeType,
        storageKey,
        isVisibleToClient: input.isVisibleToClient,
        uploadedBy: personOf(ctx),
      });
    });
    const row = await selectAttachment(ctx, proposalId, id);
    if (!row) throw new Error('attachment vanished');
    return toDto(row);
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

export interface Download {
  stream: Readable;
  fileName: string;
  mimeType: string;
  fileSize: number;
}

export async function downloadAttachment(
  ctx: TenantContext,
  storage: FileStorage,
  proposalId: string,
  attachmentId: string,
): Promise<Download> {
  await ownerOf(ctx, proposalId);
  const row = await selectAttachment(ctx, proposalId, attachmentId);
  if (!row) throw notFound();
  const stream = await storage.get(row.attachment.storageKey);
  if (!stream) throw notFound();
  return {
    stream,
    fileName: row.attachment.fileName,
    mimeType: row.attachment.mimeType,
    fileSize: row.attachment.fileSize,
  };
}

/** Admins or the uploader only (docs/product.md#roles-and-permissions). */
export async function deleteAttachment(
  ctx: TenantContext,
  storage: FileStorage,
  proposalId: string,
  attachmentId: string,
): Promise<void> {
  await ownerOf(ctx, proposalId);
  const row = await selectAttachment(ctx, proposalId, attachmentId);
  if (!row) throw notFound();
  assertCanDeleteAttachment(ctx, row.attachment.uploadedBy);
  await withTx(ctx, async (tx) => {
    // What the client saw when answering stays as it was (issue 20); internal files may still go.
    if (row.attachment.isVisibleToClient && (await selectAnsweredForShare(tx, proposalId))) {
      throw new AppError('CONFLICT', MESSAGES.attachmentsFrozen);
    }
    await deleteAttachmentById(tx, attachmentId);
  });
  await storage.delete(row.attachment.storageKey).catch(() => {});
}

/** The storage keys of a proposal's files, read before the proposal (and so its rows) is deleted. */
export async function storageKeysOf(ctx: TenantContext, proposalId: string): Promise<string[]> {
  return selectStorageKeys(ctx, proposalId);
}

/** Removes stored files; a file already gone is not an error. */
export async function deleteStoredFiles(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** Attachments the client may see on the public page. */
/** The client-visible files of the proposal behind a public link; an unknown or cancelled link is 404. */
export async function listPublicAttachments(db: Db, token: string) {
  const proposal = await selectProposalByToken(db, token);
  if (!proposal || isClosedToClient(proposal)) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  const rows = await selectVisibleAttachments(db, proposal);
  return rows.map(({ id, fileName, description, fileSize, mimeType }) => ({
    id,
    fileName,
    description,
    fileSize,
    mimeType,
  }));
}

export async function downloadPublicAttachment(
  db: Db,
  storage: FileStorage,
  token: string,
  attachmentId: string,
): Promise<Download> {
  const proposal = await selectProposalByToken(db, token);
  if (!proposal || isClosedToClient(proposal)) throw notFound();
  const row = (await selectVisibleAttachments(db, proposal)).find((r) => r.id === attachmentId);
  if (!row) throw notFound();
  const stream = await storage.get(row.storageKey);
  if (!stream) throw notFound();
  return { stream, fileName: row.fileName, mimeType: row.mimeType, fileSize: row.fileSize };
}
