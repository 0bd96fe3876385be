// The browser's half of the single sign-on round trip (docs/product.md#single-sign-on; docs/decisions.md,
// "Single sign-on (OpenID Connect)"). The sign-in page (src/sign-in/) keeps the `state` of the flow it started
// in sessionStorage; /entrar/sso accepts only an answer carrying that state. That ties the flow to this tab, so
// a provider's answer started by someone else (login CSRF: their account slipped into this browser) is refused
// before it reaches the API. No React or zod here: the sign-in page's script imports it.

const FLOW_KEY = 'ssoFlow';

export const SSO_FLOW_MESSAGES = {
  redirecting: 'A sua organização usa início de sessão único. A abrir o fornecedor de identidade…',
  failed: 'O início de sessão único falhou. Tente novamente.',
  notStartedHere:
    'Este pedido de início de sessão único não foi iniciado neste separador. Volte à página de entrada e tente novamente.',
} as const;

interface StoredFlow {
  state: string;
  next: string | null;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the state of the authorization URL the API answered (and where the person was going). False when the
 * URL carries no state or the tab cannot keep it: then the flow is not started, as its answer would be refused.
 */
export function rememberSsoFlow(authorizationUrl: string, next: string | null): boolean {
  let state: string | null;
  try {
    // OpenID Connect's `state`; SAML's RelayState, which the ACS hands back to /entrar/sso as `state`.
    const params = new URL(authorizationUrl).searchParams;
    state = params.get('state') ?? params.get('RelayState');
  } catch {
    return false;
  }
  const storage = session();
  if (!state || !storage) return false;
  try {
    storage.setItem(FLOW_KEY, JSON.stringify({ state, next } satisfies StoredFlow));
    return true;
  } catch {
    return false;
  }
}

/**
 * The flow this tab started, if the answer's `state` is its state; the stored flow is removed either way (one
 * answer per flow). Null for an answer this tab did not start.
 */
export function takeSsoFlow(state: string | null): { next: string | null } | null {
  const storage = session();
  const raw = storage?.getItem(FLOW_KEY) ?? null;
  storage?.removeItem(FLOW_KEY);
  if (!raw || !state) return null;
  try {
    const flow = JSON.parse(raw) as Partial<StoredFlow>;
    if (typeof flow.state !== 'string' || flow.state !== state) return null;
    return { next: typeof flow.next === 'string' ? flow.next : null };
  } catch {
    return null;
  }
}
