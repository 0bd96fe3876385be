import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/bootstrap.ts';

/** How many server processes to run (docs/deployment.md#every-core). */
export function workerCount(env: Env, argv: readonly string[]): number {
  if (env.WORKERS === 'auto') return os.availableParallelism();
  if (env.WORKERS !== undefined) return env.WORKERS;
  return argv.includes('--cluster') ? os.availableParallelism() : 1;
}

/** Workers that die before serving, in a row, after which the primary gives up (a port in use, a bad config). */
const MAX_FAILED_STARTS = 3;
/** A graceful stop of every worker that takes longer than this is forced. */
const STOP_TIMEOUT_MS = 20_000;

/**
 * The cluster's primary: it owns the database (the embedded server, migrations, the demo data) and the
 * resolved secrets, forks `count` server processes that share the port (Node's round-robin), replaces one that
 * crashes, and on SIGTERM/SIGINT stops them all gracefully (each finishes its in-flight requests) before the
 * database. The primary serves nothing itself.
 */
export function runPrimary(opts: {
  count: number;
  database: DatabaseHandle;
  /** What every worker must share: the database URL and the token secret. */
  workerEnv: Record<string, string>;
  log: (message: string) => void;
}): void {
  const { count, database, log } = opts;
  let stopping = false;
  let failedStarts = 0;
  const serving = new WeakSet<Worker>();

  // The workers never seed the demo (the primary did) nor become primaries themselves.
  cluster.setupPrimary({
    args: process.argv.slice(2).filter((a) => a !== '--seed-demo' && a !== '--cluster'),
  });
  const fork = () => {
    const worker = cluster.fork({ ...opts.workerEnv, WORKERS: '1' });
    worker.once('listening', () => {
      serving.add(worker);
      failedStarts = 0;
    });
  };

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    force.unref();
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    clearTimeout(force);
    await database.shutdown().catch(() => {});
    process.exit(code);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!serving.has(worker) && ++failedStarts >= MAX_FAILED_STARTS) {
      log(`server processes failed to start ${failedStarts} times in a row: stopping`);
      void stop(1);
      return;
    }
    log(`server process ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting another`);
    setTimeout(() => !stopping && fork(), 500);
  });
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  for (let i = 0; i < count; i++) fork();
  log(`${count} server processes starting`);
}
