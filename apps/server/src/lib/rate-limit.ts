import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Route config for a per-IP limit of `max` requests a minute (@fastify/rate-limit is registered with
 * `global: false`, so only routes carrying this are limited). Over the limit: 429 in the error envelope.
 */
export function perIpLimit(max: number, timeWindow = '1 minute', message: string = MESSAGES.tooManyRequests) {
  return {
    rateLimit: {
      max,
      timeWindow,
      // Thrown as is by the plugin: an AppError keeps its own message through the error handler.
      errorResponseBuilder: () => new AppError('RATE_LIMITED', message),
    },
  };
}

/**
 * Route config for a per-organization limit of `max` requests per `timeWindow`, counted after authentication:
 * what the whole organization may do, wherever its members connect from.
 */
export function perOrganizationLimit(max: number, timeWindow: string, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `org:${req.auth?.organizationId ?? req.ip}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', message),
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
      errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.tooManyRequests),
    },
  };
}
