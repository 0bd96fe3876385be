import type { APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { enterAnswerCode } from './mail.ts';

// Optional items and quantity ranges the client chooses (docs/product.md#client-choice).

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function api(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${(await res.json()).data.accessToken}` };
}

test.describe('optional items chosen by the client', () => {
  test('the owner marks an item optional and gives a range; the client on a phone chooses and accepts; the owner sees the choice', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    // Two people, two browsers and an emailed code: a long journey on a loaded machine.
    test.slow();
    const headers = await api(request);
    const id = unique();
    const clientEmail = `rita-${id}@exemplo.pt`;
    const client = await request.post('/api/v1/clients', {
      headers,
      data: { name: `Rita Alves ${id}`, email: clientEmail },
    });
    expect(client.status()).toBe(201);
    const title = `Loja online ${id}`;
    const clientId = (await client.json()).data.id as string;
    const created = await request.post('/api/v1/proposals', {
      headers,
      data: {
        title,
        clientId,
        content: {
          blocks: [],
          items: [
            { name: 'Alojamento', quantity: 12, unit: 'mês', unitPrice: 1_000 },
            { name: 'Logótipo', quantity: 1, unitPrice: 20_000 },
          ],
        },
        taxRate: 23,
      },
    });
    expect(created.status()).toBe(201);
    const proposalId = (await created.json()).data.id as string;

    // The owner, in the editor: a range on the first line, the second optional and unselected.
    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${proposalId}/edit`);
    const first = page.getByRole('group', { name: 'Item 1' });
    await first.getByLabel('Qtd. mínima').fill('6');
    await first.getByLabel('Qtd. máxima').fill('24');
    const second = page.getByRole('group', { name: 'Item 2' });
    await second.getByLabel('Opcional').selectOption({ label: 'Opcional, não selecionado' });
    // The summary totals the default choice: 12 × 10 € + IVA 23 % = 147,60 €.
    await expect(page.getByText(/Total com a escolha predefinida/)).toBeVisible();
    await expect(page.getByText(/147,60\s€/).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${proposalId}$`));
    await expect(page.getByText('Opcional, não incluído no total')).toBeVisible();

    // Sent to the client.
    const saved = (await (await request.get(`/api/v1/proposals/${proposalId}`, { headers })).json()).data;
    const sent = await request.put(`/api/v1/proposals/${proposalId}`, {
      headers,
      data: {
        title: saved.title,
        clientId: saved.clientId,
        content: saved.content,
        discountType: saved.discountType,
        discountValue: saved.discountValue,
        taxRate: saved.taxRate,
        status: 'sent',
      },
    });
    expect(sent.status()).toBe(200);

    // The client, on a 360 px phone.
    const context = await browser.newContext({ baseURL, locale: 'pt-PT', ...PHONE });
    const client360 = await context.newPage();
    await client360.goto(`/p/${saved.publicToken}`);
    const panel = client360.getByRole('region', { name: 'Personalize a sua proposta' });
    await expect(panel).toBeVisible();
    const total = panel.getByTestId('choice-total');
    await expect(total).toHaveText(/147,60\s€/);
    await panel.getByRole('checkbox', { name: 'Incluir Logótipo' }).check();
    await panel.getByRole('button', { name: 'Aumentar a quantidade de Alojamento' }).click();
    await expect(panel.getByRole('spinbutton', { name: 'Quantidade de Alojamento' })).toHaveValue('13');
    // 13 × 10 € + 200 € = 330 € + IVA 75,90 € = 405,90 €.
    await expect(total).toHaveText(/405,90\s€/);
    expect(await client360.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await expectAccessible(client360);

    await client360.getByRole('button', { name: 'Aceitar' }).click();
    const dialog = client360.getByRole('dialog', { name: 'Aceitar proposta' });
    await enterAnswerCode(dialog, clientEmail, title);
    await dialog.getByRole('button', { name: 'Aceitar' }).click();
    await expect(client360.getByRole('region', { name: 'Proposta aceite' })).toBeVisible();
    await expect(client360.getByText('Alojamento × 13')).toBeVisible();
    // The document itself now reads what was agreed (docs/product.md#signed-figures), the offer one click away.
    const hero = client360.locator('.pp-hero-total');
    await expect(hero).toContainText(/405,90\s€/);
    await expect(hero.getByTestId('original-total')).toHaveText(/Proposta original: 147,60\s€/);
    const agreed = client360.getByRole('region', { name: 'Configuração escolhida' });
    await expect(agreed.locator('.pp-totals-grand').first()).toContainText(/405,90\s€/);
    await expect(agreed.getByText(/^Proposta original/)).toBeVisible();
    expect(await client360.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await expectAccessible(client360);
    await context.close();

    // The owner sees the configuration the client chose.
    await page.goto(`/proposals/${proposalId}`);
    const chosen = page.getByRole('region', { name: 'Configuração escolhida pelo cliente' });
    await expect(chosen).toBeVisible();
    await expect(chosen.getByRole('row', { name: /Alojamento/ })).toContainText('13');
    await expect(chosen.getByRole('row', { name: /Logótipo/ })).toBeVisible();
    await expect(chosen.getByTestId('chosen-total')).toHaveText(/405,90\s€/);
    await expectAccessible(page);

    // The same figure where the team looks, on a desktop and on a 360 px phone: the list's card and the
    // client's page, each with the offer as "Proposta original".
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/proposals?search=${encodeURIComponent(title)}`);
      const card = page.getByRole('article').filter({ hasText: title });
      await expect(card).toContainText(/405,90\s€/);
      await expect(card.getByTestId('original-total')).toHaveText(/Proposta original: 147,60\s€/);
      await page.goto(`/clients/${clientId}`);
      const row = page.getByRole('listitem').or(page.getByRole('row')).filter({ hasText: title });
      await expect(row).toContainText(/405,90\s€/);
      await expect(row).toContainText('Aceite');
      await expect(row.getByTestId('original-total')).toHaveText(/Proposta original: 147,60\s€/);
    }
    await expectAccessible(page);
  });
});
