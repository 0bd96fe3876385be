import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';
import { scaled } from './timing.ts';

/** Markup a user might type: it must always be shown as text, never run. */
const HOSTILE = '<img src=x onerror="window.__xss=1">';

const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data-test/e2e', 'outbox');

/** Records every Content-Security-Policy violation and every run of the hostile markup on the page. */
async function watch(page: Page): Promise<{ violations: string[] }> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { violations };
}

const xssRan = (page: Page) => page.evaluate(() => (window as { __xss?: number }).__xss === 1);

async function token(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.accessToken as string;
}

test.describe('headers and content', () => {
  test('every page is served with a strict Content-Security-Policy and the app runs under it', async ({
    page,
    request,
  }) => {
    for (const url of ['/', '/login', '/dashboard', '/p/unknown-token']) {
      const res = await request.get(url);
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers()['x-content-type-options'], url).toBe('nosniff');
    }
    const { violations } = await watch(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await signIn(page, DEMO.sales);
    await expect(page.getByRole('heading', { name: /^Olá/ })).toBeVisible();
    await page.goto('/proposals');
    await expect(page.getByRole('heading', { name: 'Propostas' })).toBeVisible();
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Análises' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('user text with markup is shown as text on every screen, the public page and the email', async ({
    page,
    browser,
    request,
  }) => {
    const headers = { Authorization: `Bearer ${await token(request)}` };
    const id = Date.now().toString(36);
    const email = `xss-${id}@exemplo.pt`;
    const client = await request.post('/api/v1/clients', {
      headers,
      data: { name: `${HOSTILE} ${id}`, email, company: HOSTILE, notes: HOSTILE },
    });
    expect(client.status()).toBe(201);
    const clientId = (await client.json()).data.id as string;
    const proposal = await request.post('/api/v1/proposals', {
      headers,
      data: {
        title: `${HOSTILE} ${id}`,
        clientId,
        description: HOSTILE,
        content: {
          blocks: [{ title: HOSTILE, content: HOSTILE }],
          items: [{ name: HOSTILE, description: HOSTILE, quantity: 1, unitPrice: 1000 }],
        },
      },
    });
    expect(proposal.status()).toBe(201);
    const created = (await proposal.json()).data as { id: string; publicToken: string };
    const sent = await request.post(`/api/v1/proposals/${created.id}/send`, { headers });
    expect(sent.status()).toBe(200);

    const { violations } = await watch(page);
    await signIn(page, DEMO.sales);
    const screens = [
      `/proposals?search=${encodeURIComponent(id)}`,
      `/proposals/${created.id}`,
      `/proposals/${created.id}/edit`,
      `/clients?search=${encodeURIComponent(id)}`,
      `/clients/${clientId}`,
    ];
    for (const url of screens) {
      await page.goto(url);
      await expect(page.getByText(HOSTILE).first(), url).toBeVisible();
      expect(await xssRan(page), url).toBe(false);
    }
    // Screens that show it among other things: no script runs there either.
    for (const url of ['/dashboard', '/analytics', `/clients/${clientId}/edit`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await xssRan(page), url).toBe(false);
    }
    // The edit form holds the text in its fields, unchanged.
    await page.goto(`/proposals/${created.id}/edit`);
    await expect(page.getByRole('textbox', { name: /Título/ }).first()).toHaveValue(`${HOSTILE} ${id}`);

    const visitor = await browser.newContext();
    try {
      const client = await visitor.newPage();
      await client.goto(`/p/${created.publicToken}`);
      await expect(client.getByText(`${HOSTILE} ${id}`).first()).toBeVisible();
      await expect(client.getByText(HOSTILE).nth(1)).toBeVisible();
      expect(await xssRan(client)).toBe(false);
    } finally {
      await visitor.close();
    }
    expect(violations).toEqual([]);

    // The email to the client escapes it too.
    let raw = '';
    await expect
      .poll(
        async () => {
          for (const file of await readdir(OUTBOX).catch(() => [] as string[])) {
            const text = await readFile(path.join(OUTBOX, file), 'utf8');
            if (text.includes(`To: ${email}`)) raw = text;
          }
          return raw !== '';
        },
        { timeout: scaled(15_000) },
      )
      .toBe(true);
    const decoded = raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    // The HTML part escapes it (the plain-text part carries it as the text it is).
    const html = decoded.slice(decoded.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
    expect(html).not.toContain('<img src=x');
  });
});
