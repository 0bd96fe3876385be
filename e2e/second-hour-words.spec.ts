import type { APIRequestContext } from '@playwright/test';
import {
  apiSession,
  DEMO,
  expect,
  expectAccessible,
  expectAccessibleAtBothWidths,
  expectFits,
  signIn,
  test,
} from './fixtures.ts';

/**
 * Issue 37, words and numbers: every amount grouped the same way ("6 750,00 €", never "6750,00 €"), pt-PT words
 * instead of English ones, what the reading figures count, no seller's tracking on the client's page, the line's
 * IVA select readable whole, and demo data that shows the product. On a desktop and at 360 px, through axe.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A sent proposal of 6 750,00 € (+ 23 % IVA = 8 302,50 €) with a line the client sizes from 12 to 36 months. */
async function createSentProposal(request: APIRequestContext) {
  const { headers } = await apiSession(request, DEMO.sales);
  const id = unique();
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Carla Números ${id}`, email: `carla-${id}@exemplo.pt` },
  });
  expect(client.status()).toBe(201);
  const title = `Loja e alojamento ${id}`;
  const res = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId: (await client.json()).data.id,
      status: 'sent',
      content: {
        blocks: [],
        items: [
          { name: 'Loja online', description: '', quantity: 1, unitPrice: 495_000 },
          {
            name: 'Alojamento gerido',
            description: '',
            quantity: 12,
            unit: 'mês',
            unitPrice: 15_000,
            minQuantity: 12,
            maxQuantity: 36,
          },
        ],
      },
    },
  });
  expect(res.status()).toBe(201);
  const data = (await res.json()).data;
  return { id: data.id as string, publicToken: data.publicToken as string, title };
}

test('@mobile the client reads grouped amounts, "de 12 a 36 meses" and no tracking of theirs', async ({
  browser,
  baseURL,
  request,
  isMobile,
}) => {
  const created = await createSentProposal(request);
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-PT',
    ...(isMobile ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const counted = page.waitForResponse((r) => r.url().endsWith(`/${created.publicToken}/views`));
  // The server's page first, before any script: no count there either.
  const served = await (await request.get(`/p/${created.publicToken}`)).text();
  expect(served).toContain(created.title);
  expect(served.toLowerCase()).not.toContain('visualiza');

  await page.goto(`/p/${created.publicToken}`);
  await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
  await counted;
  const main = page.getByRole('main');
  // 4 950,00 € + 12 × 150,00 € = 6 750,00 €; + 23 % IVA (1 552,50 €) = 8 302,50 €.
  // The offer's total (a line with a range adds "Total com a sua escolha" under it, the same here).
  await expect(page.locator('.pp-totals-grand').first()).toHaveText(/8\s302,50\s€/);
  await expect(main).toContainText(/6\s750,00\s€/);
  await expect(main).toContainText(/4\s950,00\s€/);
  // No 4-digit amount ungrouped. Not preceded by a digit: at 360 px a line's quantity and price sit side by side
  // in the text ("12" + "150,00 €").
  await expect(main).not.toContainText(/(?<!\d)\d{4},\d{2}\s€/);
  await expect(main.getByText('de 12 a 36 meses')).toBeVisible();
  // Counted for the team, but the client reads 'Enviada' and no view count.
  await expect(main.getByText('Enviada', { exact: true })).toBeVisible();
  expect((await page.content()).toLowerCase()).not.toContain('visualiza');
  await expectFits(page);
  await expectAccessible(page);
  await context.close();
});

test('@mobile the team reads the same grouped amounts and what "Visualizações" counts', {
  tag: '@desktop',
}, async ({ page, request }) => {
  const created = await createSentProposal(request);
  await signIn(page, DEMO.sales);
  await page.goto(`/proposals/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/8\s302,50\s€/);
  await expect(page.getByRole('main')).not.toContainText(/\b\d{4},\d{2}\s€/);
  await expect(
    page.getByText(
      'Cada abertura da página da proposta fora da sua organização; a equipa e os robôs não contam.',
    ),
  ).toBeVisible();
  await expectFits(page);
  await expectAccessibleAtBothWidths(page);
});

test("@mobile the line's IVA select shows its whole text, at 1366 px and at 360 px", async ({
  page,
  isMobile,
}) => {
  if (!isMobile) await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, DEMO.sales);
  await page.goto('/proposals/new');
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  const rate = page.getByRole('group', { name: 'Item 1' }).getByRole('combobox', { name: 'IVA (%)' });
  await expect(rate).toHaveValue(/^Da proposta \(23\s%\)$/);
  const fits = await rate.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits, 'the select shows "Da proposta (23 %)" whole').toBe(true);
  await expectFits(page);
  await expectAccessible(page);
});

test('@mobile the interface speaks pt-PT: Painel, Análises, Modelos, Desempenho, Os 10 melhores clientes', async ({
  page,
  isMobile,
}) => {
  await signIn(page, DEMO.manager);
  await expect(page).toHaveTitle(/Painel/);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Análises' })).toBeVisible();
  await expect(page).toHaveTitle(/Análises/);
  for (const name of ['Desempenho por utilizador', 'Desempenho por equipa', 'Os 10 melhores clientes']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  // The demo's rejections were lost for several reasons, not all 'Outro' (issue 37).
  const losses = page.getByRole('region', { name: 'Motivos de perda' });
  await expect(losses.getByRole('listitem').filter({ hasText: 'Preço' })).toBeVisible();
  await expect(losses.getByRole('listitem').filter({ hasText: 'Escolheu outro fornecedor' })).toBeVisible();
  const text = ((await page.getByRole('main').textContent()) ?? '').toLowerCase();
  for (const english of ['analytics', 'dashboard', 'template', 'performance', 'top 10']) {
    expect(text).not.toContain(english);
  }
  await expectFits(page);
  await expectAccessible(page);

  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Modelos' })).toBeVisible();
  await expect(page).toHaveTitle(/Modelos/);
  if (!isMobile) {
    const nav = page.getByRole('navigation').first();
    for (const name of ['Painel', 'Análises', 'Modelos']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
  }
  await expectAccessible(page);
});

test('@mobile the demo organization has a valid NIF and a block library worth opening', {
  tag: '@desktop',
}, async ({ page }) => {
  const session = await signIn(page, DEMO.admin);
  await page.goto('/content-blocks');
  const main = page.getByRole('main');
  for (const name of ['Condições de pagamento', 'Garantia', 'Sobre nós']) {
    await expect(main.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await expectFits(page);
  await expectAccessibleAtBothWidths(page);
  const settings = await page.request.get('/api/v1/settings/organization', { headers: session.headers });
  expect(settings.status()).toBe(200);
  expect(JSON.stringify(await settings.json())).toContain('509876544');
});
