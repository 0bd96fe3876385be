import { ApiError } from '@/lib/api-client';

/**
 * The plan's refusal (403 PLAN_LIMIT) in the server's words: a Starter organization sees why, not an error
 * (docs/product.md#plans).
 */
export function planRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'PLAN_LIMIT' ? error.message : null;
}
