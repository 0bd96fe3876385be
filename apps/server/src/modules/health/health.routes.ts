import { dataEnvelope, ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { checkDatabase } from './health.queries.ts';

/**
 * Health for people and for load balancers (docs/deployment.md#health-checks):
 * - `/health/live`: the process answers (no database call) — restart it when this fails;
 * - `/health/ready`: it can serve — the database answers; while the server closes, Fastify answers 503 to
 *   every new request, so a balancer stops sending before the in-flight requests finish;
 * - `/health`: the original combined check, kept for existing monitors.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        // 400: a query with text no field can hold (plugins/input-guard.ts), as on every route.
        response: { 200: dataEnvelope(z.object({ status: z.literal('ok') })), 400: ErrorEnvelopeSchema },
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: {
          200: dataEnvelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          400: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async () => {
      if (!(await checkDatabase(app.db))) throw new AppError('UNAVAILABLE', 'Base de dados indisponível');
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: dataEnvelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          400: ErrorEnvelopeSchema,
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
