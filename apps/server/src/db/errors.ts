/** PostgreSQL error checks, so services can turn constraint violations into the spec's 409 messages. */
interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

// Drizzle wraps driver errors; the PostgreSQL fields sit on the error or its cause.
function pgError(error: unknown): PgError | undefined {
  const e = error as PgError | undefined;
  if (e?.code) return e;
  const cause = e?.cause as PgError | undefined;
  return cause?.code ? cause : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === '23503';
}
