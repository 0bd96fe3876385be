import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/lib/app-error.ts';
import { hasNul } from '@/lib/has-nul.ts';

/**
 * Refuses, before validation, any path value, query or JSON body carrying a NUL character: no field of the
 * product can hold one, and PostgreSQL would fail on it (a 500) instead of saying what is wrong.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (req) => {
      if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.invalidData);
      }
    });
  },
  { name: 'input-guard', dependencies: ['error-handler'] },
);
