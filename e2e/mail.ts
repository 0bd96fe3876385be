import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { scaled } from './timing.ts';

const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data-test/e2e', 'outbox');

/** Recipient and decoded body of every .eml read so far, by file name (a written file never changes). */
const seen = new Map<string, { to: string; headers: string; body: string }>();

/** Reads only the files not read before; the folder grows through the whole suite. */
async function readNewMessages(): Promise<void> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  for (const file of files) {
    if (seen.has(file) || !file.endsWith('.eml')) continue;
    // Complete: the server writes each message under a temporary name and renames it (lib/mail-transport.ts).
    const raw = await readFile(path.join(OUTBOX, file), 'utf8');
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
    const to = headers.match(/^To: (.+)$/m)?.[1]?.trim() ?? '';
    // Quoted-printable: undo soft line breaks and the encoded '='.
    seen.set(file, { to, headers, body: raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=') });
  }
}

/** The newest link to `pathPart` in an email written to the outbox folder for `to` (waits for the worker). */
export async function linkFromOutbox(to: string, pathPart: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]+${pathPart}[^\\s"<]+`);
  let found = '';
  await expect
    .poll(
      async () => {
        await readNewMessages();
        // File names start with the time of writing: newest first.
        const names = [...seen.keys()]
          .filter((name) => {
            const recipient = seen.get(name)?.to;
            return recipient === to || recipient?.endsWith(`<${to}>`);
          })
          .sort()
          .reverse();
        for (const name of names) {
          const match = seen.get(name)?.body.match(pattern);
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to} with a link to ${pathPart}`, timeout: scaled(15_000) },
    )
    .toBe(true);
  return found;
}

/** The headers (unfolded) and decoded body of the newest email written for `to` (waits for the worker). */
export async function lastMessageTo(to: string): Promise<{ headers: string; body: string }> {
  let found: { headers: string; body: string } | undefined;
  await expect
    .poll(
      async () => {
        await readNewMessages();
        const name = [...seen.keys()]
          .filter((n) => seen.get(n)?.to === to || seen.get(n)?.to.endsWith(`<${to}>`))
          .sort()
          .at(-1);
        found = name ? seen.get(name) : undefined;
        return found !== undefined;
      },
      { message: `an email to ${to}`, timeout: scaled(15_000) },
    )
    .toBe(true);
  const message = found as { headers: string; body: string };
  return { headers: message.headers.replace(/\r?\n[ \t]+/g, ' '), body: message.body };
}

/**
 * The one-time answer code (issue 20) in the newest code email to `to` whose body contains `needle` (a unique
 * part of the proposal's title: other tests may ask codes for the same address). Waits for the worker.
 */
export async function answerCodeFromOutbox(to: string, needle: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        await readNewMessages();
        const names = [...seen.keys()]
          .filter((name) => {
            const recipient = seen.get(name)?.to;
            return recipient === to || recipient?.endsWith(`<${to}>`);
          })
          .sort()
          .reverse();
        for (const name of names) {
          const body = seen.get(name)?.body ?? '';
          // The text part: "…indique este código…" (quoted-printable), then the code alone on its line.
          if (!body.includes('indique este c') || !body.includes(needle)) continue;
          const match = body.match(/^(\d{6})\r?$/m);
          if (match?.[1]) {
            code = match[1];
            return true;
          }
        }
        return false;
      },
      { message: `an answer-code email to ${to} about ${needle}`, timeout: scaled(15_000) },
    )
    .toBe(true);
  return code;
}

/** In an open answer dialog: waits until the code was sent, reads it from the email and types it. */
export async function enterAnswerCode(dialog: Locator, to: string, needle: string): Promise<string> {
  await expect(dialog.getByText(/Enviámos um código de 6 dígitos para/)).toBeVisible({
    timeout: scaled(15_000),
  });
  const code = await answerCodeFromOutbox(to, needle);
  await dialog.getByRole('textbox', { name: /Código de confirmação/ }).fill(code);
  return code;
}

/** The client's code through the API (tests that answer without the page): requested, then read from the email. */
export async function answerCodeViaApi(
  request: APIRequestContext,
  publicToken: string,
  to: string,
  needle: string,
): Promise<string> {
  const res = await request.post(`/api/v1/public/proposals/${publicToken}/code`);
  expect(res.status()).toBe(200);
  return answerCodeFromOutbox(to, needle);
}
