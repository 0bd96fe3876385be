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
