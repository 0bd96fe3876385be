import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '@/plugins/error-handler.ts';
import { flushErrorReporting, initErrorReporting, sentryOptions, stripSecrets } from './error-reporting.ts';

/** A Sentry ingest stand-in on loopback: keeps every envelope the SDK posts. */
async function startCollector(): Promise<{ server: Server; port: number; envelopes: string[] }> {
  const envelopes: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push(
        req.headers['content-encoding'] === 'gzip'
          ? gunzipSync(body).toString('utf8')
          : body.toString('utf8'),
      );
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, envelopes };
}

describe('error reporting settings (docs/product.md#error-reporting)', () => {
  it('is off without a DSN and outside production and staging', () => {
    expect(sentryOptions({ environment: 'production', release: '1.0.0' })).toBeNull();
    expect(
      sentryOptions({ dsn: 'http://k@127.0.0.1:9/1', environment: 'development', release: '1.0.0' }),
    ).toBeNull();
  });

  it('samples 10 % of traces in production and all in staging', () => {
    const dsn = 'http://k@127.0.0.1:9/1';
    expect(sentryOptions({ dsn, environment: 'production', release: '1.0.0' })?.tracesSampleRate).toBe(0.1);
    expect(sentryOptions({ dsn, environment: 'staging', release: '1.0.0' })?.tracesSampleRate).toBe(1);
  });

  it('strips the Authorization and Cookie headers whatever their case', () => {
    const event = stripSecrets({
      request: {
        headers: { Authorization: 'Bearer x', cookie: 'a=b', 'user-agent': 'ua' },
        cookies: { a: 'b' },
      },
    });
    expect(event.request.headers).toEqual({ 'user-agent': 'ua' });
    expect(event.request).not.toHaveProperty('cookies');
  });
});

describe('a 500 reaches a loopback collector without credentials', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => collector.server.close(() => resolve()));
  });

  it('sends the exception with environment and release defaults, never the token or the cookie', async () => {
    const on = initErrorReporting({
      dsn: `http://publickey@127.0.0.1:${collector.port}/1`,
      environment: 'production',
      release: '1.0.0',
    });
    expect(on).toBe(true);

    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/api/v1/boom', async () => {
      throw new Error('base de dados indisponível');
    });
    // Random secrets: the event's source context lines quote this file, so literals would show up there.
    const token = randomUUID();
    const cookie = randomUUID();
    // Over real HTTP, so the SDK's request instrumentation records the request as it would in production.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/v1/boom?pagina=1`, {
      headers: { authorization: `Bearer ${token}`, cookie: `sessao=${cookie}` },
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).not.toContain(
      'base de dados',
    );
    await flushErrorReporting(5000);
    await app.close();

    const all = collector.envelopes.join('\n');
    expect(all).toContain('base de dados indisponível');
    expect(all).toContain('"environment":"production"');
    expect(all).toContain('"release":"1.0.0"');
    expect(all).toContain('/api/v1/boom?pagina=1');
    expect(all).toContain('"user-agent"');
    expect(all).not.toContain(token);
    expect(all).not.toContain(cookie);
  });
});
