import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

// Zod's own messages (wrong type, too big, …) in Portuguese, for the server and the forms alike.
z.config(z.locales.pt());

/**
 * An email typed by a person: trimmed, lower-cased, checked against a basic pattern
 * (docs/product.md#forms-and-validation).
 */
export const EmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid));

export const UuidSchema = z.uuid();

/** `{ id }` path parameters. */
export const IdParamsSchema = z.object({ id: z.uuid('Identificador inválido') });

/** Wraps a payload in the success envelope `{ data }` (docs/product.md#api-conventions). */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  }),
});

export const OkSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

/**
 * A calendar date `YYYY-MM-DD` between the years 1900 and 9999: PostgreSQL has no year 0000, so an ISO date the
 * format allows could otherwise reach the database and fail there (issue 20).
 */
export const DateOnlySchema = z.iso.date('Data inválida').refine((v) => {
  const year = Number(v.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}, MESSAGES.dateOutOfRange);

/** The pager of every paged list: the `pagination` beside `data` in list answers. */
export const PaginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** A page of a list as the API answers it. */
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}
