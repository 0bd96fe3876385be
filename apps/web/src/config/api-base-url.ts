/**
 * Base of every API call: the configured API address (`VITE_API_URL`, e.g. `https://api.aceite.pt`; empty when
 * the API is same-origin) plus `/api/v1` (docs/product.md#api-conventions). Read here without zod, so the
 * sign-in page's small script (src/sign-in/) can use it; `env.ts` validates the same variable for the app.
 */
export const apiBaseUrl = `${String(import.meta.env.VITE_API_URL ?? '')
  .trim()
  .replace(/\/+$/, '')}/api/v1`;
