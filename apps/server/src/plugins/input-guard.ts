import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/lib/app-error.ts';
import { unstorableTextAt } from '@/lib/storable-text.ts';

/**
 * Refuses, before validation, any path value, query or JSON body carrying text no field of the product can
 * hold (NUL, a lone UTF-16 surrogate: lib/storable-text.ts): PostgreSQL, jsonb and the evidence's canonical JSON
 * would fail on it (a 500) instead of saying what is wrong. The one place JSON text enters; multipart fields
 * are checked with the same rule where they are read (attachments). docs/decisions.md, "Unstorable text is
 * refused".
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (req) => {
      for (const [part, value] of [
        ['params', req.params],
        ['query', req.query],
        ['body', req.body],
      ] as const) {
        const at = unstorableTextAt(value);
        if (at === null) continue;
        const field = part === 'body' ? at : at && `${part}.${at}`;
        throw new AppError(
          'VALIDATION_ERROR',
          MESSAGES.invalidCharacters,
          field ? [{ field, message: MESSAGES.invalidCharacters }] : undefined,
        );
      }
    });
  },
  { name: 'input-guard', dependencies: ['error-handler'] },
);
