import { dataEnvelope, ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { checkDatabase } from './health.queries.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: dataEnvelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async () => {
      if (!(await checkDatabase(app.db))) throw new AppError('UNAVAILABLE', 'Base de dados indisponível');
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );
};
