import { execFileSync, spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
// Relative, not `@/`: the bench (bench/run.mjs) loads this file through tsx without the server's tsconfig paths.
import { freePort } from '../db/embedded.ts';

/** Where Debian's `pgbouncer` package puts the program (.ci/run installs it). */
const PGBOUNCER = '/usr/sbin/pgbouncer';

/** The application name of PgBouncer's connections to PostgreSQL. */
export const BOUNCER_APPLICATION = 'aceite_pgbouncer';

export interface Bouncer {
  /** The URL the app connects to: the same database, through PgBouncer. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Throws, naming the Debian package, when PgBouncer is missing: the test never skips (docs/scale.md); the bench
 * prints the message and skips its PgBouncer case (docs/performance.md).
 */
export function assertPgBouncer(): void {
  try {
    execFileSync(PGBOUNCER, ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error(`PgBouncer is needed at ${PGBOUNCER} (apt-get install -y pgbouncer)`);
  }
}

/** PgBouncer refuses to run as root: as root it runs as Debian's `postgres` account, which its package creates. */
function account(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A real PgBouncer on a free loopback port, in transaction mode, in front of `databaseUrl` (the server's
 * credentials are in its database line, so clients need none: `auth_type = any`, loopback only). `poolSize`
 * server connections serve every client, so consecutive transactions of one client meet different server
 * connections — what breaks named statements (docs/scale.md#pgbouncer-in-transaction-mode).
 */
export async function startPgBouncer(databaseUrl: string, poolSize: number): Promise<Bouncer> {
  assertPgBouncer();
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aceite-pgbouncer-'));
  await chmod(dir, 0o755);
  const owner = account();
  if (owner) await chown(dir, owner.uid, owner.gid);
  const port = await freePort();
  const server = [
    `host=${target.hostname}`,
    `port=${target.port || 5432}`,
    `dbname=${database}`,
    `user=${decodeURIComponent(target.username)}`,
    target.password ? `password=${decodeURIComponent(target.password)}` : '',
    // Its server connections, told apart from the test's own in pg_stat_activity.
    `application_name=${BOUNCER_APPLICATION}`,
  ]
    .filter(Boolean)
    .join(' ');
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(
    ini,
    [
      '[databases]',
      `${database} = ${server} pool_size=${poolSize}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 100',
      `default_pool_size = ${poolSize}`,
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child = spawn(PGBOUNCER, [ini], { ...(owner ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  let alive = true;
  child.once('close', () => {
    alive = false;
  });
  for (let waited = 0; !(await connects(port)); waited += 50) {
    if (!alive || waited > 10_000) {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.password = '';
  return {
    url: url.toString(),
    async stop() {
      process.removeListener('exit', onExit);
      // SIGINT: PgBouncer's "safe shutdown" waits for clients; SIGTERM closes at once.
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
