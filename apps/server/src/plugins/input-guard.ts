import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/lib/app-error.ts';

/** Whether a parsed input holds a NUL character anywhere (keys included); PostgreSQL text cannot store one. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 100 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses, before validation, any path value, query or JSON body carrying a NUL character: no field of the
 * product can hold one, and PostgreSQL would fail on it (a 500) instead of saying what is wrong.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.invalidData);
    }
  });
});
