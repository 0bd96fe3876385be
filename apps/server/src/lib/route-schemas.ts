import { ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';

/** The error answers every authenticated route may give, for the OpenAPI document. */
export const AUTHED_ERRORS = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
} as const;

export const BEARER = [{ bearerAuth: [] }];
