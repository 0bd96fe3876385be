import { MESSAGES } from '@aceite/shared/messages';

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
