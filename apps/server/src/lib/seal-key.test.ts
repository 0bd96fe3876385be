import { execFileSync } from 'node:child_process';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSealKey, resolveSealKey } from './seal-key.ts';

describe('the sealing key', () => {
  it('is generated once in DATA_DIR with mode 600 and reused on the next start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aceite-seal-key-'));
    const first = await resolveSealKey({ dataDir: dir });
    const file = path.join(dir, 'seal.p12');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await resolveSealKey({ dataDir: dir });
    expect(again.p12.equals(first.p12)).toBe(true);
    // A real PKCS#12 that openssl opens, holding a self-signed certificate.
    const subject = execFileSync('openssl', [
      'pkcs12',
      '-in',
      file,
      '-nokeys',
      '-passin',
      'pass:',
      '-clcerts',
      '-legacy',
    ]).toString();
    expect(subject).toMatch(/CN ?= ?Aceite - selo de documentos/);
  });

  it('uses the configured PKCS#12 and password, and says what to do when the file cannot be read', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aceite-seal-key-'));
    const own = generateSealKey('Empresa', 'segredo');
    const file = path.join(dir, 'own.p12');
    await writeFile(file, own.p12);
    const key = await resolveSealKey({ dataDir: dir, p12Path: file, password: 'segredo' });
    expect(key).toEqual({ p12: own.p12, password: 'segredo' });
    await expect(resolveSealKey({ dataDir: dir, p12Path: path.join(dir, 'missing.p12') })).rejects.toThrow(
      /Cannot read SEAL_P12_PATH .*missing\.p12 \(ENOENT\)/,
    );
  });
});
