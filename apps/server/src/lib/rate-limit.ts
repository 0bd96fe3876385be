import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyRequest } from 'fastify';

/**
 * Route config for a per-IP limit of `max` requests a minute (@fastify/rate-limit is registered with
 * `global: false`, so only routes carrying this are limited). Over the limit: 429 in the error envelope.
 */
export function perIpLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      errorResponseBuilder: () => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: MESSAGES.tooManyRequests,
      }),
    },
  };
}

/**
 * Route config for a per-user limit of `max` requests per `timeWindow`, counted after authentication (the
 * `preHandler` hook) so the key is the signed-in user, wherever they connect from.
 */
export function perUserLimit(max: number, timeWindow: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `user:${req.auth?.userId ?? req.ip}`,
      errorResponseBuilder: () => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: MESSAGES.tooManyRequests,
      }),
    },
  };
}
