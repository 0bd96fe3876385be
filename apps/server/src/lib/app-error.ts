import type { ErrorCode, ErrorDetail } from '@aceite/shared/errors';

/** The one code → HTTP status map (docs/product.md#api-conventions). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  INVALID_TOKEN: 400,
  FORBIDDEN: 403,
  // A plan's limit reached (docs/product.md#plans): allowed to the role, not to the plan.
  PLAN_LIMIT: 403,
  SSO_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
};

/** A failure a person can understand: services throw it, the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/**
 * A failure about one field of the request: the message is the envelope's and, in `details`, the field's, so
 * the form shows it under that field (a 409 included, e.g. an email already taken).
 */
export function fieldError(field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR'): AppError {
  return new AppError(code, message, [{ field, message }]);
}
