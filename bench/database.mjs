// A fresh PostgreSQL database for a benchmark (run under tsx: it loads the app's own embedded-server code).
import path from 'node:path';
import pg from 'pg';
import { tempDir } from '../scripts/lib/server-process.mjs';

/** A PostgreSQL to run on: the embedded one (own data folder), or a new database at DATABASE_URL. */
export async function startDatabase() {
  const name = `aceite_bench_${Date.now()}`;
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      label: `PostgreSQL at DATABASE_URL (${(await admin.query('show server_version')).rows[0].server_version})`,
      url: url.toString(),
      stop: async () => {
        await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
        await admin.end();
      },
    };
  }
  // The app's own embedded server code (TypeScript, run through tsx by `npm run bench`).
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const dir = await tempDir('aceite-bench-pg-');
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'cluster') });
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return { label: 'embedded PostgreSQL', url: server.url(name), stop: () => server.stop() };
}
