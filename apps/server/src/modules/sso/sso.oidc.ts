import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { postBytes } from '@/lib/outbound-post.ts';
import { checkOutboundUrl, type OutboundPolicy } from '@/lib/ssrf-guard.ts';

/*
 * The identity provider is reached through openid-client (the maintained relying-party library; it checks the
 * ID token's signature, issuer, audience, nonce and the PKCE exchange) with every request sent through the
 * app's one outbound path (lib/outbound-post.ts): the issuer is a URL an organization gave us, so the SSRF
 * guard applies to the discovery, the keys and the token exchange alike (docs/product.md#single-sign-on).
 */

const TIMEOUT_MS = 10_000;
/** Discovery documents and key sets are small; an answer beyond this is refused rather than read. */
const MAX_ANSWER_BYTES = 512 * 1024;
const NO_BODY = new Set([101, 204, 205, 304]);

export class ProviderUnreachableError extends Error {
  constructor(reason: string) {
    super(`identity provider unreachable: ${reason}`);
    this.name = 'ProviderUnreachableError';
  }
}

/** Whether the error (or what it wraps: openid-client wraps its fetch's errors) is an unreachable provider. */
export function isProviderUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof ProviderUnreachableError) return true;
  return false;
}

/** A fetch for openid-client that goes through the SSRF guard (never node's global fetch). */
export function guardedFetch(policy: OutboundPolicy): oidc.CustomFetch {
  return async (url, options) => {
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = options.body === undefined || options.body === null ? '' : String(options.body);
    const result = await postBytes(url, Buffer.from(body), {
      method: options.method === 'POST' ? 'POST' : 'GET',
      contentType: headers['content-type'] ?? 'application/x-www-form-urlencoded',
      headers,
      timeoutMs: TIMEOUT_MS,
      allowPrivate: policy.allowPrivate,
      allowedPorts: policy.allowedPorts,
      maxResponseBytes: MAX_ANSWER_BYTES,
      userAgent: 'Aceite-SSO/1.0',
    });
    if (result.status === null) throw new ProviderUnreachableError(result.errorKind ?? 'other');
    if (result.truncated) throw new ProviderUnreachableError('answer too large');
    const responseHeaders = new Headers();
    if (result.contentType) responseHeaders.set('content-type', result.contentType);
    return new Response(NO_BODY.has(result.status) ? null : new Uint8Array(result.body), {
      status: result.status,
      headers: responseHeaders,
    });
  };
}

export interface ClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Reads the provider's discovery document (through the guard) into openid-client's configuration. */
export async function discover(
  settings: ClientSettings,
  policy: OutboundPolicy,
): Promise<oidc.Configuration> {
  const check = await checkOutboundUrl(settings.issuer, policy);
  if (!check.ok) throw new ProviderUnreachableError(check.reason);
  const fetcher = guardedFetch(policy);
  const config = await oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    { client_secret: settings.clientSecret },
    oidc.ClientSecretPost(settings.clientSecret),
    {
      [oidc.customFetch]: fetcher,
      // http only where the guard is off (tests on loopback, closed networks: WEBHOOKS_ALLOW_PRIVATE).
      execute: policy.allowPrivate ? [oidc.allowInsecureRequests] : [],
      timeout: TIMEOUT_MS / 1000,
    },
  );
  config[oidc.customFetch] = fetcher;
  return config;
}

/*
 * The discovery documents read, per issuer and client, for ten minutes (docs/decisions.md, "Single sign-on
 * (OpenID Connect)"): a sign-in's start and callback read it once instead of twice per person, and a busy
 * sign-in morning reads it a few times an hour. Bounded (the oldest goes first); a save reads it afresh.
 */
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 200;
const cache = new Map<string, { config: oidc.Configuration; until: number }>();

function cacheKey(settings: ClientSettings, policy: OutboundPolicy): string {
  // The secret is part of the configuration openid-client keeps: a new secret is a new entry.
  return createHash('sha256')
    .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret, policy.allowPrivate]))
    .digest('hex');
}

/** `discover`, from the cache when it was read less than ten minutes ago; `refresh` reads it again. */
export async function discoverCached(
  settings: ClientSettings,
  policy: OutboundPolicy,
  opts: { refresh?: boolean; at?: number } = {},
): Promise<oidc.Configuration> {
  const key = cacheKey(settings, policy);
  const at = opts.at ?? Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > at && !opts.refresh) return hit.config;
  const config = await discover(settings, policy);
  cache.delete(key);
  cache.set(key, { config, until: at + CACHE_TTL_MS });
  while (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return config;
}

/** For tests: how many discovery documents are cached. */
export function discoveryCacheSize(): number {
  return cache.size;
}
