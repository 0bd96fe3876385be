import { MESSAGES } from '@aceite/shared/messages';
import {
  AttachmentParamsSchema,
  AttachmentSchema,
  MAX_ATTACHMENT_BYTES,
} from '@aceite/shared/schemas/collaboration';
import { dataEnvelope, ErrorEnvelopeSchema, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import { PublicAttachmentSchema, PublicTokenParamsSchema } from '@aceite/shared/schemas/public-proposals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { attachmentDisposition } from '@/lib/content-disposition.ts';
import { perIpLimit, perOrganizationLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER, FILE_DOWNLOAD } from '@/lib/route-schemas.ts';
import { unstorableTextAt } from '@/lib/storable-text.ts';
import type { FileStorage } from '@/lib/storage.ts';
import * as attachments from './attachments.service.ts';

export interface AttachmentsRoutesOptions {
  storage: FileStorage;
  /** Per-IP limit a minute of the public list and downloads (the public page's view limit). */
  publicRateLimitMax: number;
  /** Uploads per organization per hour. */
  uploadsPerHour: number;
}

/** Downloads never render inline: attachment disposition, the stored type, nosniff. */
function sendDownload(reply: FastifyReply, file: attachments.Download) {
  return (
    reply
      .header('Content-Type', file.mimeType)
      .header('Content-Length', String(file.fileSize))
      // The one writer of download names (lib/content-disposition.ts), as for the PDFs.
      .header('Content-Disposition', attachmentDisposition(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.stream)
  );
}

/** Reads the one file and the text fields of a multipart upload, in any order. */
async function readUpload(req: FastifyRequest) {
  let file: attachments.UploadedFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        file = { fileName: part.filename, buffer: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType);
    throw error;
  }
  if (!file) throw fieldError('file', MESSAGES.fileRequired);
  // Multipart fields bypass the JSON input guard (plugins/input-guard.ts): the same rule, no unstorable text.
  if (
    unstorableTextAt(fields) !== null ||
    unstorableTextAt((file as attachments.UploadedFile).fileName) !== null
  ) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.invalidCharacters);
  }
  const description = (fields.description ?? '').trim().slice(0, 1000) || null;
  return { file, description, isVisibleToClient: fields.isVisibleToClient === 'true' };
}

export const attachmentsRoutes: FastifyPluginAsyncZod<AttachmentsRoutesOptions> = async (app, opts) => {
  const tags = ['attachments'];
  const { storage } = opts;

  app.get(
    '/public/proposals/:publicToken/attachments',
    {
      config: perIpLimit(opts.publicRateLimitMax),
      schema: {
        tags: ['public'],
        summary: 'Attachments the client may download',
        params: PublicTokenParamsSchema,
        response: {
          200: dataEnvelope(z.array(PublicAttachmentSchema)),
          400: ErrorEnvelopeSchema,
          // An API key: refused on every public route (lib/api-key-access.ts).
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ data: await attachments.listPublicAttachments(app.db, req.params.publicToken) }),
  );

  app.get(
    '/public/proposals/:publicToken/attachments/:attachmentId/download',
    {
      config: perIpLimit(opts.publicRateLimitMax),
      schema: {
        tags: ['public'],
        summary: 'Download an attachment marked visible to the client',
        params: PublicTokenParamsSchema.extend({ attachmentId: z.uuid() }),
        // 403: an API key, refused on every public route (lib/api-key-access.ts).
        response: {
          ...FILE_DOWNLOAD,
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req, reply) =>
      sendDownload(
        reply,
        await attachments.downloadPublicAttachment(
          app.db,
          storage,
          req.params.publicToken,
          req.params.attachmentId,
        ),
      ),
  );

  await app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', app.authenticate);

    authed.get(
      '/proposals/:id/attachments',
      {
        schema: {
          tags,
          security: BEARER,
          summary: "A proposal's attachments",
          params: IdParamsSchema,
          response: { 200: dataEnvelope(z.array(AttachmentSchema)), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await attachments.listAttachments(req.tenant, req.params.id) }),
    );

    authed.post(
      '/proposals/:id/attachments',
      {
        bodyLimit: MAX_ATTACHMENT_BYTES + 1024 * 1024,
        // Counted before the body is read (preHandler): a flood of uploads stops at the limit (issue 20).
        config: perOrganizationLimit(opts.uploadsPerHour, '1 hour', MESSAGES.uploadLimit),
        schema: {
          tags,
          security: BEARER,
          summary: 'Upload a file (multipart: file, description, isVisibleToClient); 10 MB at most',
          description: "403 PLAN_LIMIT past the plan's storage (docs/product.md#plans).",
          consumes: ['multipart/form-data'],
          params: IdParamsSchema,
          response: {
            201: dataEnvelope(AttachmentSchema),
            413: ErrorEnvelopeSchema,
            415: ErrorEnvelopeSchema,
            429: ErrorEnvelopeSchema,
            ...AUTHED_ERRORS,
          },
        },
      },
      async (req, reply) => {
        const created = await attachments.createAttachment(req.tenant, storage, req.params.id, () =>
          readUpload(req),
        );
        return reply.status(201).send({ data: created });
      },
    );

    authed.get(
      '/proposals/:id/attachments/:attachmentId/download',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Download an attachment',
          params: AttachmentParamsSchema,
          response: { ...FILE_DOWNLOAD, ...AUTHED_ERRORS },
        },
      },
      async (req, reply) =>
        sendDownload(
          reply,
          await attachments.downloadAttachment(req.tenant, storage, req.params.id, req.params.attachmentId),
        ),
    );

    authed.delete(
      '/proposals/:id/attachments/:attachmentId',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Delete an attachment (admin or uploader)',
          params: AttachmentParamsSchema,
          response: { 200: OkSchema, ...AUTHED_ERRORS },
        },
      },
      async (req) => {
        await attachments.deleteAttachment(req.tenant, storage, req.params.id, req.params.attachmentId);
        return { data: { ok: true as const } };
      },
    );
  });
};
