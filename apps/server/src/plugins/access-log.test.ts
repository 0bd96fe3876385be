import { describe, expect, it } from 'vitest';
import { buildTestApp } from '@/test/build-test-app.ts';

describe('access log', () => {
  it('writes one line per request, when the answer has left, with its status and time', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: 'info', logStream: { write: (l) => lines.push(l) } });
    try {
      lines.length = 0;
      await logged.app.inject({ url: '/api/v1/health' });
      await logged.app.inject({ url: '/api/v1/clients' });
      const entries = lines.map(
        (l) =>
          JSON.parse(l) as {
            msg: string;
            req?: { url: string };
            res?: { statusCode: number };
            responseTime: unknown;
          },
      );
      expect(entries).toHaveLength(2);
      expect(entries.map((e) => [e.msg, e.req?.url, e.res?.statusCode])).toEqual([
        ['request completed', '/api/v1/health', 200],
        ['request completed', '/api/v1/clients', 401],
      ]);
      for (const e of entries) expect(typeof e.responseTime).toBe('number');
    } finally {
      await logged.close();
    }
  });
});
