// The built server as its own process, for the scripts that crash, soak or measure it (127.0.0.1 only).
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

const children = new Set();

function fail(message) {
  throw new Error(message);
}

/** A fresh data folder; readable by the `postgres` user the embedded database runs as under root. */
export async function tempDir(prefix) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built server in its own process group (so one signal reaches its embedded PostgreSQL too). */
export async function startServer({
  dataDir,
  port,
  env = {},
  args = [],
  nodeArgs = [],
  node = process.execPath,
  // A file for the server's standard output (its log) instead of memory: a run at the default log level
  // writes a line per request (the bench).
  logFile,
}) {
  const child = spawn(node, [...nodeArgs, SERVER, ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'pipe', 'pipe'],
    env: {
      ...process.env,
      AUTH_RATE_LIMIT_MAX: '100000',
      AUTH_ACCOUNT_FAILURE_LIMIT: '100000',
      PUBLIC_RATE_LIMIT_MAX: '100000',
      // Load, crash and benchmark runs act far beyond a person's hour; the abuse limits have their own tests.
      REGISTRATION_LIMIT_PER_IP_PER_HOUR: '100000',
      MAIL_LIMIT_PER_ORGANIZATION_PER_HOUR: '1000000',
      MAIL_LIMIT_PER_RECIPIENT_PER_HOUR: '100000',
      PASSWORD_CHANGE_LIMIT_PER_HOUR: '100000',
      ANSWER_CODE_LIMIT_PER_RECIPIENT_PER_HOUR: '100000',
      UPLOADS_PER_ORGANIZATION_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
      // The caller's settings win over the defaults above (a check of a limit sets its own).
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  child.on('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port}/api/v1`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) fail(`server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail(`server did not start in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, output: () => output };
}

/** kill -9 of the server's whole process group: node and, on the embedded database, PostgreSQL with it. */
export async function crash(server) {
  try {
    process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  if (server.child.exitCode === null && server.child.signalCode === null) {
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  // PostgreSQL's backends die with the postmaster; give the kernel a moment to release the port and files.
  await new Promise((r) => setTimeout(r, 500));
}

export async function stop(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  process.kill(server.child.pid, 'SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

export async function call(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, json };
}

/** Kills every server this process started, with its embedded database (on exit and on failure). */
export function killChildren() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
