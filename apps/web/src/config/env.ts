import { z } from 'zod';

const EnvSchema = z.object({
  /** Origin of the API when it is not served from the same origin as the app (e.g. `https://api.aceite.pt`). */
  VITE_API_URL: z
    .string()
    .trim()
    .default('')
    .transform((url) => url.replace(/\/+$/, '')),
});

const parsed = EnvSchema.parse(import.meta.env);

/** The web app's configuration, read once at start-up (the only reader of `import.meta.env`). */
export const env = {
  /** Base of every API call: the configured API address plus `/api/v1` (spec §7). */
  apiBaseUrl: `${parsed.VITE_API_URL}/api/v1`,
} as const;
