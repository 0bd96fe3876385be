import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'aceite-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
  await writeFile(path.join(dist, 'landing.html'), '<!doctype html><title>landing</title>');
  await writeFile(path.join(dist, 'login.html'), '<!doctype html><title>Entrar · Aceite</title>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"secret-map":true}');
  t = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
});

describe('the built web app', () => {
  it('serves the landing page at / and hashed assets cached for a year', async () => {
    expect((await t.app.inject({ url: '/' })).body).toContain('landing');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the prerendered sign-in screen at /login, revalidated on every visit', async () => {
    const res = await t.app.inject({ url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Entrar · Aceite</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/register' })).body).toContain('spa');
  });

  it("never serves the build's dot-folders (Vite's manifest)", async () => {
    const res = await t.app.inject({ url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('secret-map');
  });
});
