import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data-test/e2e', 'outbox');

/** The newest link to `pathPart` in an email written to the outbox folder for `to` (waits for the worker). */
export async function linkFromOutbox(to: string, pathPart: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const raw = await readFile(path.join(OUTBOX, file), 'utf8');
          if (!raw.includes(`To: ${to}`)) continue;
          // Quoted-printable: undo soft line breaks and the encoded '='.
          const decoded = raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
          const match = decoded.match(new RegExp(`https?://[^\\s"<]+${pathPart}[^\\s"<]+`));
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}
