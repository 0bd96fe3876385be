import type { User } from '@aceite/shared/schemas/auth';

/** A user as the API returns it; override what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b11',
    email: 'ana.silva@exemplo.pt',
    firstName: 'Ana',
    lastName: 'Silva',
    role: 'admin',
    teamId: null,
    team: null,
    isActive: true,
    organizationId: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
    organization: {
      id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
      name: 'Exemplo Lda',
      timeZone: 'Europe/Lisbon',
      trialEndsAt: null,
    },
    locale: 'pt-PT',
    timezone: 'Europe/Lisbon',
    ...overrides,
  };
}

/** A JSON `Response` like the API's. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string, details?: unknown[]): Response {
  return jsonResponse(status, {
    error: { code, message, requestId: 'req-1', ...(details ? { details } : {}) },
  });
}

/** A promise the test settles by hand, to observe in-flight states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
