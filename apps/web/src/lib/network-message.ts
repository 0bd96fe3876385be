/** Shown when a request got no answer at all (offline, server unreachable); no zod or API client here. */
export const NETWORK_MESSAGE =
  'Não foi possível contactar o servidor. Verifique a ligação e tente novamente.';
