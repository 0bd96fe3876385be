import type { APIRequestContext, ConsoleMessage } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures.ts';
import { enterAnswerCode } from './mail.ts';

// The client's page rendered on the server (issues 27 and 41; docs/architecture.md, "The public page"): the
// proposal is in the first HTML, readable without JavaScript, and the browser hydrates its islands without
// reading it again.

/** 2 × 1500,00 € + 1 × 4200,00 € = 7200,00 €; +23 % IVA (1656,00 €) = 8856,00 €. */
const ITEMS = [
  {
    name: 'Design da interface',
    description: 'Maquetas e protótipo navegável',
    quantity: 2,
    unitPrice: 150_000,
  },
  { name: 'Desenvolvimento', description: 'Implementação e testes', quantity: 1, unitPrice: 420_000 },
];
const TOTAL = /8\s856,00\s€/;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Created {
  id: string;
  publicToken: string;
  title: string;
  clientEmail: string;
  accessToken: string;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A sales user creates a client and a sent proposal through the API, as the app would. */
async function createSentProposal(request: APIRequestContext): Promise<Created> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  const accessToken = (await login.json()).data.accessToken as string;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const id = unique();
  const clientEmail = `ssr-${id}@exemplo.pt`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Rita Gomes ${id}`, email: clientEmail },
  });
  expect(client.status()).toBe(201);
  const title = `Loja online ${id}`;
  const proposal = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId: (await client.json()).data.id,
      status: 'sent',
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      taxRate: 23,
      content: { blocks: [{ title: 'Âmbito', content: 'Uma loja com pagamentos.' }], items: ITEMS },
    },
  });
  expect(proposal.status()).toBe(201);
  const data = (await proposal.json()).data;
  return { id: data.id, publicToken: data.publicToken, title, clientEmail, accessToken };
}

async function viewCountOf(request: APIRequestContext, created: Created): Promise<number> {
  const res = await request.get(`/api/v1/proposals/${created.id}`, {
    headers: { Authorization: `Bearer ${created.accessToken}` },
  });
  return (await res.json()).data.viewCount as number;
}

const isHydrationError = (text: string) => /hydrat|Minified React error #(418|419|422|423|425)/i.test(text);

test.describe('public page rendered on the server', () => {
  test('without JavaScript the client reads the title, items and total on a phone; no view is counted', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const context = await browser.newContext({
      baseURL,
      locale: 'pt-PT',
      javaScriptEnabled: false,
      ...PHONE,
    });
    const page = await context.newPage();
    const response = await page.goto(`/p/${created.publicToken}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');

    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${created.title} · `));
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Design da interface/ })).toContainText(
      'Maquetas e protótipo navegável',
    );
    await expect(table.getByRole('row', { name: /Desenvolvimento/ })).toContainText(/4\s200,00\s€/);
    await expect(page.locator('.pp-totals-grand')).toHaveText(TOTAL);
    await expect(page.getByRole('heading', { name: 'Âmbito' })).toBeVisible();
    await expect(page.getByText('Uma loja com pagamentos.')).toBeVisible();
    // Answering needs a script (the signature pad, the emailed code): the page says so, and offers no button
    // that would do nothing (Imprimir); the browser's own print still works.
    await expect(page.getByText(/Para responder à proposta, ative o JavaScript/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Assinar proposta' })).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The server's render counts nothing: the page counts the visit once its JavaScript runs.
    expect(await viewCountOf(request, created)).toBe(0);

    const unknown = await page.goto(`/p/${'x'.repeat(32)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Proposta não encontrada' })).toBeVisible();
    await context.close();
  });

  test('with JavaScript the page hydrates without errors, counts one view without reading again, and accepts', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' && isHydrationError(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const reads: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/v1/public/proposals/'))
        reads.push(`${req.method()} ${new URL(req.url()).pathname.split('/').slice(6).join('/')}`);
    });

    await page.goto(`/p/${created.publicToken}`);
    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    // Server HTML plus islands (docs/architecture.md, "The public page"): the answer, the questions, the files
    // and the choice are hydrated; the document is not.
    await expect(page.locator('[data-island="answer"]')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Responder à proposta' })).toBeVisible();
    // The visit, counted by the hydrated page for the team; the client reads no count and no 'Visualizada'.
    await expect.poll(() => viewCountOf(request, created)).toBe(1);
    await expect(page.getByRole('main').getByText('Enviada', { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/visualiza/i);
    expect(reads.filter((r) => r === 'GET ')).toEqual([]);
    expect(reads.filter((r) => r === 'POST views')).toHaveLength(1);

    await page.getByRole('button', { name: 'Aceitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aceitar proposta' });
    await enterAnswerCode(dialog, created.clientEmail, created.title);
    await dialog.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page.getByText('Proposta aceite com sucesso!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Proposta aceite' })).toContainText(
      /Aceite em \d{2}\/\d{2}\/\d{4}/,
    );
    // The document, the server's HTML until now, is drawn again as the proposal now is (islands-client.tsx):
    // its status reads 'Aceite' and it no longer offers to answer.
    await expect(page.locator('.pp-hero .pp-badge')).toHaveText('Aceite');
    await expect(page.getByRole('link', { name: 'Responder à proposta' })).toHaveCount(0);
    expect(await viewCountOf(request, created)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('at 360 px the rendered page reads without sideways scrolling and passes axe', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const context = await browser.newContext({ baseURL, locale: 'pt-PT', ...PHONE });
    const page = await context.newPage();
    await page.goto(`/p/${created.publicToken}`);
    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    // The client's own status, never the team's tracking (issue 37: no view count on the client's page).
    await expect(page.getByRole('main').getByText('Enviada').first()).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/visualiza/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    const unknown = await page.goto(`/p/${'y'.repeat(32)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Proposta não encontrada' })).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
});
