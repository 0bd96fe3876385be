import { availableParallelism } from 'node:os';

/**
 * How the browser tests fit the machine they run on, the same for a contributor's `npm test` and for CI (issue 32;
 * docs/architecture.md#tests). Nothing here reads the `CI` variable: the suite's outcome depends on the machine,
 * not on who runs it.
 *
 * - Workers: one per two cores. Each worker drives a Chromium against the one server, which shares the machine
 *   with its PostgreSQL; on two cores a second worker doubled the load (about 10) and made tests time out
 *   instead of finishing sooner. `E2E_WORKERS` (or Playwright's `--workers`) overrides it.
 * - Patience: every timeout (the test's, each expectation's, the server start's and the few longer waits in the
 *   specs) is multiplied by a scale from the core count: 3 on one core, 2 on two or three, 1 on four or more.
 *   `E2E_TIMEOUT_SCALE` overrides it (3 on a machine busy with other work). Waits are on conditions, never on
 *   time: a larger scale only lets a slow page finish, it never slows a passing test.
 */
export const CORES = availableParallelism();

function fromEnv(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 1 ? value : undefined;
}

export const WORKERS = Math.floor(fromEnv('E2E_WORKERS') ?? Math.max(1, Math.floor(CORES / 2)));
export const TIMEOUT_SCALE = fromEnv('E2E_TIMEOUT_SCALE') ?? (CORES >= 4 ? 1 : CORES >= 2 ? 2 : 3);

/** A timeout of `ms` on a quiet four-core machine, scaled for this one. */
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);
