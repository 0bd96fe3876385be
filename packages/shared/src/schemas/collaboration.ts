import { z } from 'zod';
import { MAX_INT4 } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { PROPOSAL_STATUSES, ProposalContentSchema } from './proposals.ts';

/** `POST /proposals/{id}/send` answer (docs/product.md#sending-and-email). */
export const SendResultSchema = z.object({ recipient: z.string(), status: z.enum(PROPOSAL_STATUSES) });

// Versions (docs/product.md#versions)
export const VersionSnapshotSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  content: ProposalContentSchema,
  discountType: z.string(),
  discountValue: z.number(),
  taxRate: z.number(),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalValue: z.number().int(),
  currency: z.string(),
  validUntil: z.string().nullable(),
});

export const VersionSchema = z.object({
  id: z.uuid(),
  versionNumber: z.number().int(),
  changeNotes: z.string(),
  creator: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  title: z.string(),
  totalValue: z.number().int(),
  currency: z.string(),
  taxRate: z.number(),
});
export type Version = z.infer<typeof VersionSchema>;

export const VersionDetailSchema = VersionSchema.extend({ snapshot: VersionSnapshotSchema });
export type VersionDetail = z.infer<typeof VersionDetailSchema>;

export const CreateVersionInputSchema = z.object({
  changeNotes: z
    .string({ error: MESSAGES.versionNotesRequired })
    .trim()
    .min(1, MESSAGES.versionNotesRequired)
    .max(2000),
});

export const VersionParamsSchema = z.object({
  id: z.uuid(),
  number: z.coerce.number().int().min(1).max(MAX_INT4),
});

// Comments (docs/product.md#comments)
export const CommentSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  authorName: z.string(),
  content: z.string(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentInputSchema = z.object({
  content: z.string({ error: MESSAGES.commentRequired }).trim().min(1, MESSAGES.commentRequired).max(10_000),
  isPrivate: z.boolean().default(false),
});

export const UpdateCommentInputSchema = z.object({
  content: z.string({ error: MESSAGES.commentRequired }).trim().min(1, MESSAGES.commentRequired).max(10_000),
  isPrivate: z.boolean().optional(),
});

export const ListCommentsQuerySchema = z.object({
  includePrivate: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(true),
});

export const CommentParamsSchema = z.object({ id: z.uuid(), commentId: z.uuid() });

// Attachments (docs/product.md#attachments)
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * Allowed extensions (docs/product.md#attachments): pdf, doc, docx, xls, xlsx, ppt, pptx, txt, csv and
 * images.
 */
export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
] as const;

/** The extension of a file name, lower-cased, or '' without one. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The checks a form runs before uploading (the server checks again, by content too). */
export function checkAttachment(file: { name: string; size: number }): string | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return MESSAGES.fileTooLarge;
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return MESSAGES.fileTypeNotAllowed;
  return null;
}

export const AttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  description: z.string().nullable(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  isVisibleToClient: z.boolean(),
  uploadedBy: z.uuid().nullable(),
  uploader: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const AttachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });
