import { z } from 'zod';
import { apiBaseUrl } from './api-base-url';

const EnvSchema = z.object({
  /** Origin of the API when it is not served from the same origin as the app (e.g. `https://api.aceite.pt`). */
  VITE_API_URL: z
    .string()
    .trim()
    .default('')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Sentry DSN for the browser; without it nothing is reported and the SDK is never downloaded. */
  VITE_SENTRY_DSN: z.string().trim().optional(),
  VITE_SENTRY_ENVIRONMENT: z.string().trim().min(1).default('production'),
  VITE_SENTRY_RELEASE: z.string().trim().min(1).default('1.0.0'),
  DEV: z.boolean().default(false),
});

const parsed = EnvSchema.parse(import.meta.env);

/**
 * The web app's configuration, read once at start-up (the only reader of `import.meta.env` besides
 * `api-base-url.ts`, which computes the same base from the same variable).
 */
export const env = {
  /** Base of every API call: the configured API address plus `/api/v1` (docs/product.md#api-conventions). */
  apiBaseUrl,
  /**
   * Error reporting (docs/product.md#error-reporting): on only with a DSN in production or staging, never in
   * `vite dev`.
   */
  errorReporting: {
    dsn: parsed.VITE_SENTRY_DSN || undefined,
    environment: parsed.VITE_SENTRY_ENVIRONMENT,
    release: parsed.VITE_SENTRY_RELEASE,
    development: parsed.DEV,
  },
} as const;
