// The built commands a person runs (issue 18), tested as built (`npm run build` first), from a private data
// folder (mode 700, as `mktemp -d` makes): `npm run superadmin` creates the first platform account on a fresh
// DATA_DIR, the app started on it with the demo flag signs that account in and still loads the demo, and the
// same command resets the password. Start-up problems end in one sentence, never a stack trace.
// Run by `npm test` (node's test runner) after the build; talks to 127.0.0.1 only.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { call, freePort, killChildren, ROOT, SERVER, startServer, stop } from './lib/server-process.mjs';

const EMAIL = 'ana.plataforma@exemplo.pt';
let dataDir;
let privateDir;

before(async () => {
  privateDir = await mkdtemp(path.join(os.tmpdir(), 'aceite-built-'));
  dataDir = path.join(privateDir, 'data');
});
after(async () => {
  killChildren();
  await rm(privateDir, { recursive: true, force: true });
});

/** Runs a command to its end; resolves with its exit code and output. */
function runCommand(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run superadmin -- …`, exactly as the README gives it. */
const superadmin = (args, env = { DATA_DIR: dataDir }) =>
  runCommand('npm', ['run', '--silent', 'superadmin', '--', ...args], env);

const signIn = (base, email, password) => call(base, 'POST', '/auth/login', { body: { email, password } });

test('npm run superadmin creates the first platform account on a fresh DATA_DIR; the app signs it in and loads the demo', async () => {
  const created = await superadmin(['--email', EMAIL, '--password', 'Primeira-2026!']);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, new RegExp(`Superadmin ${EMAIL} criado\\.`));

  const port = await freePort();
  const server = await startServer({ dataDir, port, args: ['--seed-demo'] });
  try {
    const own = await signIn(server.base, EMAIL, 'Primeira-2026!');
    assert.equal(own.status, 200);
    assert.equal(own.json.data.user.role, 'superadmin');
    const demo = await signIn(server.base, 'admin@aceite.demo', 'Aceite2026!');
    assert.equal(demo.status, 200, 'the demo data loads beside a superadmin created first');
    // A proposal's PDF, rendered by the built worker thread (dist/pdf-worker.js, modules/pdf-workers): the
    // sealed PDFs go through the same file (scripts/durability.mjs has them sealed by the built server).
    const token = demo.json.data.accessToken;
    const first = await call(server.base, 'GET', '/proposals?limit=1', { token });
    const pdf = await fetch(`${server.base}/proposals/${first.json.data[0].id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(pdf.status, 200);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
      '%PDF-',
    );
  } finally {
    await stop(server);
  }
});

test('npm run superadmin resets an existing superadmin password (the app stopped, as the README says)', async () => {
  const reset = await superadmin(['--email', EMAIL, '--password', 'Segunda-2026!']);
  assert.equal(reset.code, 0, reset.stderr);
  assert.match(reset.stdout, new RegExp(`Superadmin ${EMAIL} atualizado\\.`));

  const port = await freePort();
  const server = await startServer({ dataDir, port });
  try {
    assert.equal((await signIn(server.base, EMAIL, 'Segunda-2026!')).status, 200);
    assert.equal((await signIn(server.base, EMAIL, 'Primeira-2026!')).status, 401);
  } finally {
    await stop(server);
  }
});

test('npm run superadmin without a valid password prints its usage', async () => {
  const res = await superadmin(['--email', EMAIL, '--password', 'curta']);
  assert.equal(res.code, 2);
  assert.match(res.stderr, /^Uso: npm run superadmin -- --email EMAIL --password PASSWORD/);
});

test('a DATA_DIR that cannot be created ends the app and the command with one sentence, no stack trace', async () => {
  const file = path.join(privateDir, 'a-file');
  await writeFile(file, '');
  const env = { DATA_DIR: path.join(file, 'data'), PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  for (const res of [
    await runCommand(process.execPath, [SERVER], env),
    await superadmin(['--email', EMAIL, '--password', 'Terceira-2026!'], env),
  ]) {
    assert.equal(res.code, 1);
    // (Run directly on an older Node, the server first warns that it runs on Node 24: not part of the sentence.)
    const said = res.stderr
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('Aceite runs on Node'))
      .join('\n');
    assert.match(said, /^Cannot create the data folder .*: choose a DATA_DIR this user can write\.$/);
    assert.doesNotMatch(res.stderr, /\n\s+at /);
  }
});

/**
 * The server processes whose parent is `pid`, read from /proc (no `ps` needed): their command line runs the
 * server bundle. (Not the process name: Node 24 names its main thread "MainThread".)
 */
async function nodeChildren(pid) {
  const { readdir, readFile } = await import('node:fs/promises');
  const found = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: the name may hold spaces, so split after its closing parenthesis.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('server.js')) found.push(Number(entry));
  }
  return found;
}

/**
 * A GET on a connection of its own (no keep-alive): Node's cluster hands out connections, not requests, in turn
 * (round-robin on Linux), so successive calls reach both processes.
 */
async function freshConnectionGet(url, token) {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    req.on('error', reject);
  });
}

async function waitFor(check, what, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('WORKERS=2: two server processes share the port, a crashed one is replaced, SIGTERM stops them all', async () => {
  const port = await freePort();
  const server = await startServer({
    dataDir: path.join(privateDir, 'cluster'),
    port,
    env: { WORKERS: '2' },
  });
  const primary = server.child.pid;
  try {
    const workers = await waitFor(async () => {
      const found = await nodeChildren(primary);
      return found.length === 2 && found;
    }, 'two server processes');
    // One sign-up, then its token on every request: Node hands connections to the two processes in turn, so
    // both accept the session.
    const registered = await call(server.base, 'POST', '/auth/register', {
      body: {
        email: 'dois.processos@exemplo.pt',
        password: 'Processos-2026!',
        firstName: 'Dois',
        lastName: 'Processos',
        organizationName: 'Dois Processos Lda',
      },
    });
    assert.equal(registered.status, 201);
    for (let i = 0; i < 6; i++) {
      const me = await freshConnectionGet(`${server.base}/auth/me`, registered.json.data.accessToken);
      assert.equal(me.status, 200);
    }
    process.kill(workers[0], 'SIGKILL');
    const replaced = await waitFor(async () => {
      const found = await nodeChildren(primary);
      return found.length === 2 && !found.includes(workers[0]) && found;
    }, 'a replacement process');
    assert.ok(replaced.includes(workers[1]));
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.base}/health/ready`);
      assert.equal(res.status, 200);
    }
  } finally {
    await stop(server);
  }
  assert.deepEqual(await nodeChildren(primary), []);
});
