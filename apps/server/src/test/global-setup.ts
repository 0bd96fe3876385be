import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '@/db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '@/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the server's maintenance database; test files create their databases through it. */
    adminDbUrl: string;
    templateDb: string;
  }
}

const TEMPLATE = `aceite_template_${process.pid}`;

/**
 * One PostgreSQL server for the whole run: the embedded one, or the real server at DATABASE_URL (CI runs
 * the suite both ways). Migrations are applied once to a template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedServer | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'aceite-test-pg-'));
    await import('node:fs/promises').then((fs) => fs.chmod(dir as string, 0o755));
    server = await startEmbeddedPostgres({ dir: path.join(dir, 'cluster') });
    adminUrl = server.url('postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${TEMPLATE}"`);
  await admin.query(`create database "${TEMPLATE}"`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const template = connectDatabase(templateUrl.toString(), 1);
  await runMigrations(template.db);
  await template.close();

  project.provide('adminDbUrl', adminUrl);
  project.provide('templateDb', TEMPLATE);

  return async () => {
    await admin.query(`drop database if exists "${TEMPLATE}"`).catch(() => {});
    await admin.end();
    if (server) await server.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
