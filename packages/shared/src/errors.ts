/**
 * Error codes of the API's error envelope `{ error: { code, message, details?, requestId } }`.
 * The code → HTTP status map lives once, on the server (`lib/app-error.ts`).
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'PLAN_LIMIT',
  /** The organization requires single sign-on: its members' password sign-in is refused (docs/product.md#single-sign-on). */
  'SSO_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  /** The request is well formed but there is nothing to do with it (e.g. no collection due to export). */
  'UNPROCESSABLE',
  'EMAIL_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One entry of `error.details` for a validation failure: the field path and its pt-PT message. */
export interface ErrorDetail {
  field: string;
  message: string;
}

/** The body of every non-2xx API answer. */
export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    details?: ErrorDetail[];
    requestId?: string;
  };
}
