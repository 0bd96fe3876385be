import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initErrorReporting, reportingEnabled, sentryOptions } from './error-reporting';

/** A Sentry ingest stand-in on loopback: keeps every envelope the browser SDK posts. */
async function startCollector(): Promise<{ server: Server; port: number; envelopes: string[] }> {
  const envelopes: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, envelopes };
}

const base = { environment: 'production', release: '1.0.0', development: false };

describe('browser error reporting settings (docs/product.md#error-reporting)', () => {
  it('is off without a DSN, outside production and staging, and in vite dev', () => {
    const dsn = 'http://k@127.0.0.1:9/1';
    expect(reportingEnabled({ ...base })).toBe(false);
    expect(reportingEnabled({ ...base, dsn, environment: 'development' })).toBe(false);
    expect(reportingEnabled({ ...base, dsn, development: true })).toBe(false);
    expect(reportingEnabled({ ...base, dsn })).toBe(true);
    expect(reportingEnabled({ ...base, dsn, environment: 'staging' })).toBe(true);
  });

  it('samples traces and replays as the spec says', () => {
    const dsn = 'http://k@127.0.0.1:9/1';
    expect(sentryOptions({ ...base, dsn })).toMatchObject({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      environment: 'production',
      release: '1.0.0',
    });
    expect(sentryOptions({ ...base, dsn, environment: 'staging' })).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
    });
  });
});

describe('an error reaches a loopback collector without credentials', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(() => new Promise<void>((resolve) => collector.server.close(() => resolve())));

  it('sends the event with environment and release, never the Authorization or Cookie header', async () => {
    const on = await initErrorReporting({
      ...base,
      environment: 'staging',
      release: '2.3.4',
      dsn: `http://publickey@127.0.0.1:${collector.port}/42`,
    });
    expect(on).toBe(true);
    const Sentry = await import('@sentry/react');
    Sentry.captureEvent({
      message: 'falhou ao carregar propostas',
      request: {
        url: 'http://127.0.0.1/proposals',
        headers: { Authorization: 'Bearer secret-token-123', Cookie: 'refresh=abc', 'User-Agent': 'ua' },
        cookies: { refresh: 'abc' },
      },
    });
    await Sentry.flush(5000);
    const sent = collector.envelopes.join('\n');
    expect(sent).toContain('falhou ao carregar propostas');
    expect(sent).toContain('"environment":"staging"');
    expect(sent).toContain('"release":"2.3.4"');
    expect(sent).toContain('"User-Agent":"Mozilla');
    expect(sent).not.toContain('secret-token-123');
    expect(sent).not.toContain('refresh=abc');
    expect(sent).not.toMatch(/authorization|cookie/i);
  });
});
