import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from './api-client';

/**
 * Puts the server's validation `details` under the form fields they name. Returns true when at least one
 * detail landed on a field, so the screen can skip its general error message.
 */
export function applyServerFieldErrors<Values extends Record<string, unknown>>(
  form: Pick<UseFormReturnType<Values>, 'setFieldError'>,
  error: unknown,
  fields: readonly (keyof Values & string)[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = fields.find((name) => name === detail.field);
    if (!field) continue;
    form.setFieldError(field, detail.message);
    applied = true;
  }
  return applied;
}
