import { availableParallelism } from 'node:os';

/**
 * How the browser tests fit the machine they run on, the same for a contributor's `npm test` and for CI (issue 32;
 * docs/architecture.md#tests). Nothing here reads the `CI` variable: the suite's outcome depends on the machine,
 * not on who runs it.
 *
 * - Workers: one per core, at most four (one server and its PostgreSQL serve them all). Measured on two cores
 *   (docs/architecture.md#tests): one worker was on course for 35 minutes, two ran the suite in 30 with no
 *   retry once the timeouts are doubled; one worker would take CI past its hour. `E2E_WORKERS` (or Playwright's
 *   `--workers`) overrides it.
 * - Patience: every timeout (the test's, each expectation's, the server start's and the few longer waits in the
 *   specs) is multiplied by 3 on one core and by 2 on more: a worker per core keeps every core busy with a
 *   Chromium, the server and PostgreSQL, which is where the suite timed out at ×1 (14 of 224 tests).
 *   `E2E_TIMEOUT_SCALE` overrides it (3 on a machine busy with other work). Waits are on conditions, never on
 *   time: a larger scale only lets a slow page finish, it never slows a passing test.
 */
export const CORES = availableParallelism();

function fromEnv(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 1 ? value : undefined;
}

export const WORKERS = Math.floor(fromEnv('E2E_WORKERS') ?? Math.min(4, Math.max(1, CORES)));
export const TIMEOUT_SCALE = fromEnv('E2E_TIMEOUT_SCALE') ?? (CORES >= 2 ? 2 : 3);

/** A timeout of `ms` on a quiet machine, scaled for this one. */
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);
