import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEMO, DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

/** The downloaded file's text, read by PDF.js (not by the code that wrote it). */
async function pdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const task = getDocument({ data: bytes, verbosity: 0 });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await task.destroy();
  return pages.join('\n');
}

async function createSentProposal(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Conceição Araújo ${id}`, email: `conceicao-${id}@exemplo.pt` },
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
        items: [{ name: 'Revisão técnica', description: '', quantity: 3, unitPrice: 45_000 }],
      },
    },
  });
  expect(proposal.status()).toBe(201);
  const data = (await proposal.json()).data;
  // Saved as 'ORC 2026-0042 - Título.pdf' (docs/product.md#proposal-pdf).
  const fileName = `${(data.number as string).replace('/', '-')} - ${title}.pdf`;
  return { id: data.id as string, publicToken: data.publicToken as string, title, fileName };
}

test('a member downloads the proposal as a PDF from its page', async ({ page, request }) => {
  const created = await createSentProposal(request);
  await signIn(page, DEMO.sales);
  await page.goto(`/proposals/${created.id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descarregar PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(created.fileName);
  const text = await pdfText(download);
  expect(text).toContain(created.title);
  expect(text).toContain('Revisão técnica');
  expect(text).toContain('Página 1 de 1');
});

test('the client downloads the proposal as a PDF from the public page @mobile', async ({
  browser,
  request,
}) => {
  const created = await createSentProposal(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  // The server-rendered button works once the page has hydrated, which counts the visit.
  const hydrated = page.waitForResponse((r) => r.url().endsWith(`/${created.publicToken}/views`));
  await page.goto(`/p/${created.publicToken}`);
  await expect(page.getByRole('heading', { name: created.title })).toBeVisible();
  await hydrated;
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descarregar PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(created.fileName);
  const text = await pdfText(download);
  expect(text).toContain(created.title);
  expect(text.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 660,50 €');
  await context.close();
});
