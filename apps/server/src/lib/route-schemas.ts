import { ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import { z } from 'zod';

/** The error answers every authenticated route may give, for the OpenAPI document. */
export const AUTHED_ERRORS = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
} as const;

export const BEARER = [{ bearerAuth: [] }];

/**
 * A PDF download's 200 answer, for the OpenAPI document (issue 35): the bytes themselves, never serialized (a
 * Buffer skips the serializer), so the schema only describes them.
 */
export const PDF_DOWNLOAD = {
  200: {
    description: 'O PDF (Content-Disposition: attachment).',
    content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
} as const;

/** A ZIP download's 200 answer (a stream, never serialized), for the OpenAPI document. */
export const ZIP_DOWNLOAD = {
  200: {
    description: 'O arquivo ZIP (Content-Disposition: attachment).',
    content: { 'application/zip': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
} as const;

/** An uploaded file's 200 answer: its own media type, streamed, never serialized. */
export const FILE_DOWNLOAD = {
  200: {
    description: 'O ficheiro, com o seu tipo (Content-Disposition: attachment).',
    content: { '*/*': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
} as const;
