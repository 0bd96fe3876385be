import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { ForbiddenAddressError, guardedLookup, hostOf, isForbiddenAddress } from './ssrf-guard.ts';

export interface OutboundResult {
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /** The first 1 KB of the answer's body, or what went wrong. */
  body: string;
  durationMs: number;
}

export const RESPONSE_BODY_LIMIT = 1024;

/**
 * POSTs a JSON body to a receiver of the organization's choosing (webhooks, docs/product.md#webhooks):
 * redirects are never followed (a 3xx is just a failed attempt), the whole exchange is cut at timeoutMs, only
 * the first 1 KB of the answer is kept, and unless allowPrivate the address connected to passes the SSRF guard.
 */
export function postJson(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Omit<OutboundResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const url = new URL(rawUrl);
    const host = hostOf(url);
    // A literal address is connected to without a lookup, so it is checked here.
    if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      finish({ status: null, body: new ForbiddenAddressError(host, host).message });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Aceite-Webhooks/1.0',
      },
      agent: false,
      ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
    });
    timer = setTimeout(() => {
      req.destroy(new Error(`timeout after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (error) => finish({ status: null, body: error.message.slice(0, RESPONSE_BODY_LIMIT) }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
        size += chunk.length;
        // Enough kept: the rest of a large answer is not read.
        if (size >= RESPONSE_BODY_LIMIT) res.destroy();
      });
      const done = () =>
        finish({
          status: res.statusCode ?? null,
          body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
        });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(body);
  });
}
