import type { ErrorCode, ErrorDetail, ErrorEnvelope } from '@aceite/shared/errors';
import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from '@/lib/app-error.ts';
import { type ReportedRequest, reportError } from '@/lib/error-reporting.ts';

function send(
  reply: FastifyReply,
  req: FastifyRequest,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
) {
  const body: ErrorEnvelope = { error: { code, message, requestId: req.id } };
  if (details?.length) body.error.details = details;
  return reply.status(STATUS_BY_CODE[code]).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) mapped to our codes. */
function fromFastifyError(error: FastifyError): [ErrorCode, string] | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ['VALIDATION_ERROR', MESSAGES.invalidJson];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ['PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return ['UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType];
  }
  if (error instanceof SyntaxError && error.statusCode === 400)
    return ['VALIDATION_ERROR', MESSAGES.invalidJson];
  switch (error.statusCode) {
    case 400:
      return ['VALIDATION_ERROR', MESSAGES.invalidData];
    case 401:
      return ['UNAUTHENTICATED', MESSAGES.notAuthenticated];
    case 403:
      return ['FORBIDDEN', MESSAGES.forbidden];
    case 404:
      return ['NOT_FOUND', MESSAGES.notFound];
    case 413:
      return ['PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge];
    case 415:
      return ['UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType];
    case 429:
      return ['RATE_LIMITED', MESSAGES.tooManyRequests];
  }
  return null;
}

function reported(req: FastifyRequest): ReportedRequest {
  return { id: req.id, method: req.method, url: req.url, route: req.routeOptions.url, headers: req.headers };
}

/**
 * Errors the router raises before any route or hook runs (a malformed URL, a path parameter over the length
 * limit): Fastify's `frameworkErrors` option. They leave in the same envelope as every other failure.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // No record has an id that long: it cannot exist.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, req, 'NOT_FOUND', MESSAGES.notFound);
  return send(reply, req, 'VALIDATION_ERROR', MESSAGES.invalidData);
}

/** Every failure leaves as `{ error: { code, message, details?, requestId } }`; 500s never carry internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) {
          req.log.error({ err: error }, 'request failed');
          reportError(error, reported(req));
        }
        return send(reply, req, error.code, error.message, error.details);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((v) => ({
          field:
            v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
          message: v.message ?? MESSAGES.invalidData,
        }));
        return send(reply, req, 'VALIDATION_ERROR', details[0]?.message ?? MESSAGES.invalidData, details);
      }
      const mapped = fromFastifyError(error);
      if (mapped) return send(reply, req, mapped[0], mapped[1]);
      req.log.error({ err: error }, 'unhandled error');
      reportError(error, reported(req));
      return send(reply, req, 'INTERNAL_ERROR', MESSAGES.internalError);
    });
  },
  { name: 'error-handler' },
);
