/**
 * One setting for how patient the browser tests are: `E2E_TIMEOUT_SCALE` multiplies every timeout (the test's,
 * each expectation's, the server start's and the few longer waits written in the specs). Default 2 on CI,
 * whose shared 2-core machines run the server, Chromium and two workers at once, 1 elsewhere; set 3 on a
 * machine busy with other work. Waits are on conditions, never on time: a larger scale only lets a slow page
 * finish, it never slows a passing test. (docs/architecture.md, "Tests")
 */
const requested = Number(process.env.E2E_TIMEOUT_SCALE ?? (process.env.CI ? 2 : 1));
export const TIMEOUT_SCALE = Number.isFinite(requested) && requested >= 1 ? requested : 1;

/** A timeout of `ms` on a quiet machine, scaled for this one. */
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);
