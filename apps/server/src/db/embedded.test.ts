import { chmod, lstat, mkdtemp, readdir, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

// The embedded server started from a private folder (mode 700, like a home or `mktemp -d`), where as root the
// `postgres` system user cannot reach node_modules nor DATA_DIR (issue 18; docs/decisions.md, "Embedded
// PostgreSQL as root"). Run as root in CI, where the binaries are copied and the cluster relocated; as an
// ordinary user the same calls run the server as that user, in place.
const asRoot = process.getuid?.() === 0;

let systemDir: string;
let previous: string | undefined;
beforeAll(async () => {
  previous = process.env.ACEITE_SYSTEM_DIR;
  systemDir = await mkdtemp(path.join(os.tmpdir(), 'aceite-system-'));
  await chmod(systemDir, 0o755);
  process.env.ACEITE_SYSTEM_DIR = systemDir;
});
afterAll(async () => {
  if (previous === undefined) delete process.env.ACEITE_SYSTEM_DIR;
  else process.env.ACEITE_SYSTEM_DIR = previous;
  await rm(systemDir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL in a private folder', () => {
  it('starts, keeps its data across a restart, and leaves nothing behind once the data folder is deleted', async () => {
    const privateDir = await mkdtemp(path.join(os.tmpdir(), 'aceite-private-'));
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    const dataDir = path.join(privateDir, 'data', 'postgres');

    const first = await startEmbeddedPostgres({ dir: dataDir });
    try {
      await query(first.url(), 'create table kept (v text); insert into kept values ($$sim$$)');
    } finally {
      await first.stop();
    }
    if (asRoot) {
      // DATA_DIR/postgres names the cluster kept where the postgres user can reach it.
      expect((await lstat(dataDir)).isSymbolicLink()).toBe(true);
      expect(await readlink(dataDir)).toContain(path.join(systemDir, 'clusters'));
      expect((await readdir(systemDir)).some((name) => name.startsWith('postgresql-'))).toBe(true);
    }

    const second = await startEmbeddedPostgres({ dir: dataDir });
    try {
      expect(await query(second.url(), 'select v from kept')).toEqual([{ v: 'sim' }]);
    } finally {
      await second.stop();
    }

    await rm(privateDir, { recursive: true, force: true });
    // The next start (any data folder) removes the cluster whose data folder is gone.
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'aceite-private-'));
    const third = await startEmbeddedPostgres({ dir: path.join(otherDir, 'data', 'postgres') });
    try {
      expect(await query(third.url(), 'select 1 as one')).toEqual([{ one: 1 }]);
      if (asRoot) expect(await readdir(path.join(systemDir, 'clusters'))).toHaveLength(1);
    } finally {
      await third.stop();
      await rm(otherDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('says in one sentence what to do when the data folder cannot be created', async () => {
    const blocked = await mkdtemp(path.join(os.tmpdir(), 'aceite-blocked-'));
    // A file where a folder is needed fails for root and ordinary users alike.
    await import('node:fs/promises').then((fs) => fs.writeFile(path.join(blocked, 'file'), ''));
    await expect(
      startEmbeddedPostgres({ dir: path.join(blocked, 'file', 'data', 'postgres') }),
    ).rejects.toThrow(/^Cannot create the data folder .*: choose a DATA_DIR this user can write\.$/);
    await rm(blocked, { recursive: true, force: true });
  });
});
