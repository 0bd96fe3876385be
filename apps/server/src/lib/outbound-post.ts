import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  ForbiddenAddressError,
  guardedLookup,
  hostOf,
  isAllowedPort,
  isForbiddenAddress,
  type OutboundPolicy,
} from './ssrf-guard.ts';

/** What went wrong when no answer came, in kinds a person can be told (never the raw error's text). */
export type OutboundErrorKind = 'refused' | 'timeout' | 'forbidden' | 'tls' | 'dns' | 'reset' | 'other';

export interface OutboundResult {
  /** The HTTP status; null when no answer came (then `error` says why). */
  status: number | null;
  /** The first 1 KB of the answer's body; empty when no answer came. */
  body: string;
  error: OutboundErrorKind | null;
  durationMs: number;
}

const TIMEOUT_CODE = 'E_OUTBOUND_TIMEOUT';

/** The kind of a request's error, from node's error codes (the message is for the operator's log only). */
export function errorKindOf(error: unknown): OutboundErrorKind {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (error instanceof ForbiddenAddressError || code === 'E_FORBIDDEN_ADDRESS') return 'forbidden';
  if (code === TIMEOUT_CODE || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') return 'dns';
  if (
    /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/.test(code) ||
    code.startsWith('ERR_SSL')
  )
    return 'tls';
  if (code === 'EPROTO') return 'tls';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'reset';
  return 'other';
}

export const RESPONSE_BODY_LIMIT = 1024;

export interface OutboundBytesResult {
  /** The HTTP status; null when no answer came (then `error` says why). */
  status: number | null;
  /** The answer's content-type header, when one came. */
  contentType: string | null;
  /** At most `maxResponseBytes` of the answer's body. */
  body: Buffer;
  /** The answer was longer than `maxResponseBytes` and was cut. */
  truncated: boolean;
  /** What went wrong when no answer came (a timeout, a refused address, a reset): the raw text, for logs. */
  error: string | null;
  errorKind: OutboundErrorKind | null;
  durationMs: number;
}

export interface OutboundOptions {
  /** POST unless said (the SSO discovery and keys are GETs, issue 40). A GET sends no body. */
  method?: 'GET' | 'POST';
  contentType: string;
  /** The whole exchange, from connecting to the answer's last byte. */
  timeoutMs: number;
  /** Skip the SSRF guard: for addresses the operator configured, never for one a user gave. */
  allowPrivate: boolean;
  /** The ports a guarded request may connect to (ssrf-guard.ts DEFAULT_ALLOWED_PORTS when absent). */
  allowedPorts?: readonly number[];
  /** Bytes of the answer kept; reading stops there. */
  maxResponseBytes: number;
  userAgent: string;
  headers?: Record<string, string>;
}

/**
 * The one outbound POST: redirects are never followed (a 3xx is just an answer), the whole exchange is cut at
 * timeoutMs, at most maxResponseBytes of the answer are read, and unless allowPrivate the address connected to
 * passes the SSRF guard (docs/product.md#webhooks). Used by webhooks (postJson) and by the seal's timestamp
 * request (docs/decisions.md, "Issue 33 — PAdES baseline B-T").
 */
export function postBytes(
  rawUrl: string,
  body: Uint8Array,
  opts: OutboundOptions,
): Promise<OutboundBytesResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Omit<OutboundBytesResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const failed = (error: unknown) =>
      finish({
        status: null,
        contentType: null,
        body: Buffer.alloc(0),
        truncated: false,
        error: error instanceof Error ? error.message : String(error),
        errorKind: errorKindOf(error),
      });
    const url = new URL(rawUrl);
    const host = hostOf(url);
    const policy: OutboundPolicy = { allowPrivate: opts.allowPrivate, allowedPorts: opts.allowedPorts };
    // A URL saved before the port rule, or a port list narrowed since, is refused here as well.
    if (!isAllowedPort(url, policy)) {
      failed(new ForbiddenAddressError(host, `port ${url.port}`));
      return;
    }
    // A literal address is connected to without a lookup, so it is checked here.
    if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      failed(new ForbiddenAddressError(host, host));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const method = opts.method ?? 'POST';
    const req = client.request(url, {
      method,
      headers: {
        ...opts.headers,
        ...(method === 'POST'
          ? { 'content-type': opts.contentType, 'content-length': String(body.byteLength) }
          : {}),
        'user-agent': opts.userAgent,
      },
      agent: false,
      ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
    });
    timer = setTimeout(() => {
      req.destroy(Object.assign(new Error(`timeout after ${opts.timeoutMs} ms`), { code: TIMEOUT_CODE }));
    }, opts.timeoutMs);
    req.on('error', (error) => failed(error));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < opts.maxResponseBytes) chunks.push(chunk);
        size += chunk.length;
        // Enough kept: the rest of a large answer is not read.
        if (size > opts.maxResponseBytes) res.destroy();
      });
      const done = () =>
        finish({
          status: res.statusCode ?? null,
          contentType: res.headers['content-type'] ?? null,
          body: Buffer.concat(chunks).subarray(0, opts.maxResponseBytes),
          truncated: size > opts.maxResponseBytes,
          error: null,
          errorKind: null,
        });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(method === 'POST' ? body : undefined);
  });
}

/**
 * POSTs a JSON body to a receiver of the organization's choosing (webhooks, docs/product.md#webhooks), through
 * postBytes: only the first 1 KB of the answer is kept; what went wrong is reported as a kind, never as the
 * connection's own text (which names internal addresses).
 */
export async function postJson(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number } & OutboundPolicy,
): Promise<OutboundResult> {
  const result = await postBytes(rawUrl, Buffer.from(body), {
    ...opts,
    headers,
    contentType: 'application/json',
    maxResponseBytes: RESPONSE_BODY_LIMIT,
    userAgent: 'Aceite-Webhooks/1.0',
  });
  return {
    status: result.status,
    body: result.error === null ? result.body.toString('utf8') : '',
    error: result.errorKind,
    durationMs: result.durationMs,
  };
}
