import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures.ts';

/** What the client read (docs/product.md#reading): the public page measures it, the owner sees it in "Leitura". */

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA };
const LONG = Array.from(
  { length: 12 },
  (_, i) => `Parágrafo ${i + 1} do âmbito, com o detalhe de cada fase.`,
).join('\n\n');

async function createSentProposal(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Rita Leitora ${id}`, email: `rita-${id}@exemplo.pt` },
  });
  expect(client.status()).toBe(201);
  const title = `Loja online ${id}`;
  const res = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId: (await client.json()).data.id,
      status: 'sent',
      content: {
        blocks: [
          { title: 'Âmbito do projeto', content: LONG },
          { title: 'Prazos', content: 'Entrega em seis semanas.' },
        ],
        items: [
          { name: 'Desenvolvimento', description: 'Loja e pagamentos', quantity: 1, unitPrice: 420_000 },
        ],
      },
    },
  });
  expect(res.status()).toBe(201);
  const data = (await res.json()).data;
  return { id: data.id as string, publicToken: data.publicToken as string, title, headers };
}

/** As the browser does when the client switches app or locks the phone: the page becomes hidden. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test.describe('what the client read', () => {
  test('a client reads on a phone; the owner sees the visit and the sections in "Leitura"', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const created = await createSentProposal(request);
    const reading = async () => {
      const res = await request.get(`/api/v1/proposals/${created.id}/reading`, { headers: created.headers });
      expect(res.status()).toBe(200);
      return (await res.json()).data as { visitCount: number; sections: { label: string; ms: number }[] };
    };

    // The client, on a 360 px phone, scrolls through the scope and down to the items table.
    const client = await browser.newContext({ baseURL, locale: 'pt-PT', ...PHONE });
    const page = await client.newPage();
    // The page's own clock, so the reading takes seconds without the test waiting them (time still flows).
    await page.clock.install();
    // The page arrives rendered by the server; reading is measured from hydration, which counts the visit.
    const counted = page.waitForResponse((r) => r.url().endsWith(`/${created.publicToken}/views`));
    await page.goto(`/p/${created.publicToken}`);
    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await counted;
    const scope = page.getByRole('heading', { name: 'Âmbito do projeto' });
    // The scope at the top of the screen, as a reader scrolling down has it.
    await scope.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(page.getByText('Parágrafo 6 do âmbito')).toBeInViewport();
    await page.clock.runFor(4_000);
    const items = page.getByRole('heading', { name: 'Itens e valores' });
    await items.scrollIntoViewIfNeeded();
    await expect(items).toBeInViewport();
    await page.clock.runFor(3_000);
    const sent = page.waitForRequest((r) => r.url().endsWith('/reading') && r.method() === 'POST');
    await hide(page);
    await sent;
    await expect.poll(async () => (await reading()).visitCount).toBe(1);
    const read = await reading();
    expect(read.sections.map((s) => s.label)).toEqual(expect.arrayContaining(['Âmbito do projeto', 'Itens']));
    await client.close();

    // The owner, also on a phone: the visit, its device and the sections read.
    const owner = await browser.newContext({ baseURL, locale: 'pt-PT', ...PHONE });
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, DEMO.sales);
    await ownerPage.goto(`/proposals/${created.id}`);
    const panel = ownerPage.getByRole('region', { name: 'Leitura' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Visitas do cliente' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await expect(panel.getByRole('list', { name: 'Visitas do cliente' })).toContainText('Telemóvel');
    const top = panel.getByRole('list', { name: 'Secções mais lidas' });
    await expect(top).toContainText('Itens');
    await expect(top).toContainText('Âmbito do projeto');
    await expect(panel).toContainText('PDF descarregado');
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(ownerPage);

    // The owner previewing the link is no client: nothing more is recorded.
    const preview = await owner.newPage();
    const previewCounted = preview.waitForResponse((r) => r.url().endsWith(`/${created.publicToken}/views`));
    await preview.goto(`/p/${created.publicToken}`);
    await expect(preview.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await previewCounted;
    const previewBatch = preview.waitForResponse((r) => r.url().endsWith('/reading'));
    await hide(preview);
    expect((await previewBatch).status()).toBe(204);
    expect((await reading()).visitCount).toBe(1);

    // The list orders by the client's last view.
    await ownerPage.goto('/proposals');
    await ownerPage.getByLabel('Ordenar por').selectOption('lastViewed');
    await expect(ownerPage).toHaveURL(/sort=lastViewed/);
    // Viewed a moment ago: at the top — among the first three, as tests running beside this one (another
    // worker) may have had a proposal viewed since.
    await expect(ownerPage.getByRole('article').first()).toBeVisible();
    await expect
      .poll(async () =>
        (await ownerPage.getByRole('article').allTextContents())
          .slice(0, 3)
          .some((text) => text.includes(created.title)),
      )
      .toBe(true);
    await expectAccessible(ownerPage);
    await owner.close();
  });
});
