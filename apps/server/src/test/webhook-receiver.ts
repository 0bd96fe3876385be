import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * A real HTTP receiver on loopback, as a CRM would run one: it answers `status` (changeable) and keeps what it
 * got. Signatures are checked by the tests with the independent `standardwebhooks` package.
 */
export async function startReceiver(initialStatus = 200) {
  /** The requests answered 2xx (delivered), in arrival order. */
  const received: ReceivedWebhook[] = [];
  /** Every request, whatever it was answered. */
  const all: ReceivedWebhook[] = [];
  const state = { status: initialStatus, delayMs: 0, body: 'ok' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
      );
      all.push({ headers, body, json: JSON.parse(body) });
      const reply = () => {
        if (state.status >= 200 && state.status < 300)
          received.push({ headers, body, json: JSON.parse(body) });
        res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.body);
      };
      if (state.delayMs) setTimeout(reply, state.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    all,
    state,
    /** Verifies a received request with one secret; throws like a receiver would refuse it. */
    verify(secret: string, r: ReceivedWebhook) {
      return new Webhook(secret).verify(r.body, r.headers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
