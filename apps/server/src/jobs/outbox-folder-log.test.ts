import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAnswerCode } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser } from '@/test/factories.ts';

// Without SMTP_URL the emails go to $DATA_DIR/outbox as .eml files and the log names them; the links in them
// carry reset, invitation and proposal tokens, and the answer code is in the body: none of it may reach the log,
// with `npm start` or `start:prod` alike (issue 34; docs/decisions.md, "No tokens in the log").
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    outboxFolder: true,
    logLevel: 'trace',
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
});

async function outboxFiles(): Promise<{ name: string; text: string }[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  return Promise.all(
    names.map(async (name) => ({ name, text: await readFile(path.join(dir, name), 'utf8') })),
  );
}

describe('the log without SMTP', () => {
  it('names the recipient, subject and .eml file of each email, never its links, tokens or code', async () => {
    const team = await createTeamOfRoles(t.db);
    const invitee = `convidado-${Date.now()}@empresa.pt`;
    const resetUser = await createUser(t.db);
    const clientEmail = `cliente-${Date.now()}@cliente.pt`;

    expect((await as(t.app, team.admin)('POST', '/users/invite', { email: invitee })).statusCode).toBe(201);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: resetUser.email },
    });
    expect(forgot.statusCode).toBe(200);
    const client = await as(t.app, team.sales)('POST', '/clients', {
      name: 'Joana Lima',
      email: clientEmail,
    });
    const proposal = (
      await as(t.app, team.sales)('POST', '/proposals', {
        title: 'Website',
        clientId: client.json().data.id,
        validUntil: '2099-06-30',
        content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 250000 }] },
      })
    ).json().data;
    expect((await as(t.app, team.sales)('POST', `/proposals/${proposal.id}/send`)).statusCode).toBe(200);
    const codeAsked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${proposal.publicToken}/code`,
    });
    expect(codeAsked.statusCode).toBe(200);
    const code = await lastAnswerCode(t.db, proposal.publicToken);
    expect(code).toMatch(/^\d{6}$/);

    expect(await t.app.outbox.drain()).toBeGreaterThanOrEqual(4);

    // The links are in the files, where a local user (and e2e/mail.ts) reads them.
    const files = await outboxFiles();
    const linkPattern = /https?:\/\/[^\s"<>]+(?:token=|\/p\/)[^\s"<>]+/g;
    const secrets = new Set<string>([proposal.publicToken]);
    for (const file of files) {
      const body = file.text.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
      for (const link of body.match(linkPattern) ?? []) {
        secrets.add(link);
        const token = new URL(link).searchParams.get('token');
        if (token) secrets.add(token);
      }
    }
    // Both tokens of the accounts' emails were found in the files, and the proposal's link.
    expect([...secrets].filter((s) => s.includes('token=')).length).toBeGreaterThanOrEqual(2);
    expect([...secrets].some((s) => s.includes(`/p/${proposal.publicToken}`))).toBe(true);

    const written = lines.filter((line) => line.includes('email written to the outbox folder'));
    for (const to of [invitee, resetUser.email, clientEmail]) {
      expect(written.some((line) => line.includes(to))).toBe(true);
    }
    for (const file of files) {
      const logged = written.find((line) => line.includes(file.name));
      expect(logged, file.name).toBeDefined();
      const entry = JSON.parse(logged ?? '{}');
      expect(Object.keys(entry)).not.toContain('links');
      expect(typeof entry.subject).toBe('string');
      expect(file.text).toContain(`To: ${entry.to}`);
    }
    // No line of the whole log, requests included, carries a token, link or the code.
    for (const secret of secrets) {
      expect(
        lines.filter((line) => line.includes(secret)),
        secret,
      ).toEqual([]);
    }
    // The code is six digits: only as a number of its own (a timestamp or id may hold the same digits).
    const standalone = new RegExp(`(?<![0-9A-Za-z.])${code}(?![0-9A-Za-z])`);
    expect(lines.filter((line) => standalone.test(line))).toEqual([]);
  });
});
