import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectAccessibleAtBothWidths,
  signIn,
  test,
} from './fixtures.ts';
import { answerCodeViaApi } from './mail.ts';
import { shownVersionViaApi } from './shown.ts';
import { scaled } from './timing.ts';

/**
 * /verificar with a real sealed PDF (docs/product.md#verification): a client accepts, the worker seals the
 * file, the file is checked in the browser (hashed there, never uploaded), a copy with one byte changed is not
 * recognised alone, and with the code it is told apart as altered after sealing.
 */
async function sealedPdf(
  request: APIRequestContext,
): Promise<{ file: Buffer; title: string; id: string; publicToken: string }> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const clientEmail = `rita-${id}@exemplo.pt`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Rita Almeida ${id}`, email: clientEmail },
  });
  const title = `Manutenção anual ${id}`;
  const proposal = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId: (await client.json()).data.id,
      status: 'sent',
      content: {
        blocks: [],
        items: [{ name: 'Manutenção', description: '', quantity: 1, unitPrice: 120000 }],
      },
      taxRate: 23,
    },
  });
  expect(proposal.status()).toBe(201);
  const { publicToken, id: proposalId } = (await proposal.json()).data;
  // The needle is ASCII: the email body is quoted-printable, so accented letters are encoded.
  const code = await answerCodeViaApi(request, publicToken, clientEmail, id);
  const accepted = await request.post(`/api/v1/public/proposals/${publicToken}/accept`, {
    data: { code, ...(await shownVersionViaApi(request, publicToken)) },
  });
  expect(accepted.status()).toBe(200);
  let file: Buffer = Buffer.alloc(0);
  // The seal worker produces the file a moment after the decision.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/public/proposals/${publicToken}/sealed-pdf`);
        if (res.status() === 200) file = await res.body();
        return res.status();
      },
      { timeout: scaled(20_000) },
    )
    .toBe(200);
  return { file, title, id: proposalId, publicToken };
}

/** Picks a file the way a person does: the field opens the file chooser. */
async function choose(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Ficheiro PDF').click();
  await (await chooser).setFiles(file);
}

test.describe('/verificar @mobile', () => {
  test('recognises the sealed PDF and not a modified copy; passes axe', async ({
    browser,
    baseURL,
    request,
  }) => {
    const { file, title } = await sealedPdf(request);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-verify-'));
    const original = path.join(dir, 'proposta-assinada.pdf');
    const modified = path.join(dir, 'proposta-alterada.pdf');
    writeFileSync(original, file);
    const copy = Buffer.from(file);
    copy[300] = (copy[300] ?? 0) ^ 1;
    writeFileSync(modified, copy);

    const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const page = await context.newPage();
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST') uploads.push(`${req.url()} ${req.postData()?.length ?? 0}`);
    });
    await page.goto('/verificar');
    await expect(page.getByRole('heading', { name: 'Verificar documento' })).toBeVisible();
    await expectAccessible(page);

    await choose(page, original);
    const match = page.getByRole('status').filter({ hasText: 'Documento selado pelo Aceite' });
    await expect(match).toBeVisible();
    await expect(match).toContainText(title);
    await expect(match).toContainText('Cadeia de eventos: íntegra');
    await expect(match).toContainText(
      `SHA-256 do ficheiro selado: ${createHash('sha256').update(file).digest('hex')}`,
    );
    await expect(match).toContainText('Total:');
    await expectAccessible(page);

    await choose(page, modified);
    await expect(page.getByText('Sem correspondência')).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    await expectAccessible(page);
    // Only the hash went to the server: every POST body is a small JSON, never the file.
    expect(uploads.every((u) => Number(u.split(' ').pop()) < 200)).toBe(true);
    await context.close();
  });

  test('checks the code of the certificate link, and a code typed that matches nothing', {
    tag: '@desktop',
  }, async ({ browser, baseURL, request }) => {
    const { file, title } = await sealedPdf(request);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const found = await request.post('/api/v1/public/verify', { data: { sha256 } });
    expect(found.status()).toBe(200);
    const { verificationCode } = (await found.json()).data;
    const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const page = await context.newPage();
    await page.goto(`/verificar?codigo=${verificationCode}`);
    await expect(page.getByRole('status').filter({ hasText: title })).toBeVisible();

    // With the code filled in, a changed copy is told apart: altered after sealing, with what to compare.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-verify-'));
    const original = path.join(dir, 'proposta-assinada.pdf');
    const modified = path.join(dir, 'proposta-alterada.pdf');
    writeFileSync(original, file);
    const copy = Buffer.from(file);
    copy[300] = (copy[300] ?? 0) ^ 1;
    writeFileSync(modified, copy);
    await choose(page, modified);
    const altered = page.getByRole('status').filter({ hasText: 'Ficheiro alterado' });
    await expect(altered).toContainText('alterado depois de selado');
    await expect(altered).toContainText(`SHA-256 do ficheiro selado: ${sha256}`);
    await expect(altered).toContainText(title);
    await expect(altered).toContainText('Total:');
    await expectAccessibleAtBothWidths(page);
    await choose(page, original);
    await expect(
      page.getByRole('status').filter({ hasText: 'O ficheiro é exatamente o documento que o Aceite selou.' }),
    ).toBeVisible();

    await page.getByLabel('Código de verificação').fill('ZZZZ-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await expect(page.getByText('Sem correspondência')).toBeVisible();
    await context.close();
  });

  test('the client and a member download the same sealed PDF', { tag: '@desktop' }, async ({
    browser,
    baseURL,
    request,
  }) => {
    const { file, id, publicToken } = await sealedPdf(request);
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const context = await browser.newContext({ baseURL, locale: 'pt-PT', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`/p/${publicToken}`);
    const fromPublic = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descarregar PDF assinado' }).click();
    const publicFile = await readFile(await (await fromPublic).path());
    expect(digest(publicFile)).toBe(digest(file));

    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${id}`);
    const fromDetail = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarregar PDF assinado' }).click();
    const download = await fromDetail;
    expect(download.suggestedFilename()).toMatch(/\d{4}-\d+ - .+ \(assinada\)\.pdf$/);
    expect(digest(await readFile(await download.path()))).toBe(digest(file));
    await context.close();
  });
});
