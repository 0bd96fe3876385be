import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

/** One request as a handler sees it: the URL (query included), the parsed JSON body, the raw init (headers). */
export interface MockRequest {
  url: URL;
  body: unknown;
  init: RequestInit;
}

/** Answers a request; a rejected promise (or a throw) is a network failure (`fetch` rejects). */
export type Handler = (request: MockRequest) => Response | Promise<Response>;

interface MockApiOptions {
  /** Answers the calls no handler names (by default a loud 599 that fails the test). */
  otherwise?: Handler;
}

/**
 * Stubs `fetch` with one handler per "METHOD /path" (the path after /api/v1, without the query string): the one
 * way web tests fake the API. Unmatched calls fail the test loudly with a 599 unless `otherwise` answers them.
 * Returns the mock, whose calls the test can inspect.
 */
export function mockApi(handlers: Record<string, Handler>, { otherwise }: MockApiOptions = {}) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const key = `${init.method ?? 'GET'} ${path}`;
    const handler = handlers[key] ?? otherwise;
    if (!handler) return jsonResponse(599, { error: { code: 'UNMOCKED', message: `Sem mock: ${key}` } });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ url, body, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The parsed JSON bodies sent to "METHOD /path", in order. */
    bodiesOf(key: string): unknown[] {
      return fetchMock.mock.calls
        .filter(([input, init]) => {
          const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
          return `${init?.method ?? 'GET'} ${path}` === key;
        })
        .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
    },
    /** The query strings of the calls to "METHOD /path", in order. */
    queriesOf(key: string): URLSearchParams[] {
      return fetchMock.mock.calls
        .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), method: init?.method ?? 'GET' }))
        .filter(({ url, method }) => `${method} ${url.pathname.replace(/^\/api\/v1/, '')}` === key)
        .map(({ url }) => url.searchParams);
    },
  };
}
