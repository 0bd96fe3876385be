import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  expect as baseExpect,
  DEMO,
  expectAccessibleAtBothWidths,
  expectFits,
  field,
  signIn,
  signInAt,
  test,
} from './fixtures.ts';
import { answerCodeViaApi, enterAnswerCode } from './mail.ts';
import { shownVersionViaApi } from './shown.ts';
import { scaled } from './timing.ts';

// Issue 19: what a person types, what a template promises and what a client answers arrive unchanged.
// The flows run once, in the desktop project; each screen they check is checked at 360 px as well, on the spot
// (expectAccessibleAtBothWidths; docs/architecture.md#tests).
const expect = baseExpect.configure({ timeout: scaled(15_000) });
test.describe.configure({ timeout: scaled(90_000) });

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
/** Text as the page shows money and dates: pt-PT spaces are no-break ones. */
const nbsp = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s'));

async function bearer(page: Page) {
  const token = await page.evaluate('localStorage.getItem("accessToken")');
  expect(token, 'signed in').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/v1${path}`, { method, headers: await bearer(page), data });
  expect(response.ok(), `${method} ${path} → ${response.status()}`).toBe(true);
  return (await response.json()).data as T;
}

async function firstClientId(page: Page): Promise<string> {
  return (await firstClient(page)).id;
}

/** The first client, with the address the one-time answer code goes to (issue 20). */
async function firstClient(page: Page): Promise<{ id: string; email: string }> {
  return (await api<{ id: string; email: string }[]>(page, 'GET', '/clients?limit=1'))[0] as {
    id: string;
    email: string;
  };
}

const clientPicker = (page: Page) => page.getByRole('combobox', { name: 'Cliente' });
async function chooseClient(page: Page) {
  await clientPicker(page).fill('Marta');
  await page
    .getByRole('option', { name: /Marta Sousa/ })
    .first()
    .click();
}

test.describe('amounts, templates and answers', () => {
  test('a price typed the Portuguese way (1.250,50) is 1250,50 €, shown back formatted; 12.5 is refused', async ({
    page,
  }) => {
    await signInAt(page, '/proposals/new', DEMO.sales);
    const title = unique('Preços pt-PT');
    await field(page, 'Título').fill(title);
    await chooseClient(page);
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    const item = page.getByRole('group', { name: 'Item 1' });
    await item.getByLabel('Nome').fill('Consultoria');
    await item.getByLabel('Quantidade').fill('2');
    const price = item.getByLabel('Preço unitário (€)');

    await price.fill('12.5');
    await price.blur();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(item.getByText(/Valor inválido/)).toBeVisible();

    await price.fill('1.250,50');
    await price.blur();
    await expect(price).toHaveValue(/^1\s250,50$/);
    await expect(item).toContainText(nbsp('2 501,00 €'));
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);

    await field(page, 'Título').press('Enter');
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    const saved = await api<{ content: { items: { unitPrice: number; quantity: number }[] } }>(
      page,
      'GET',
      `/proposals/${page.url().split('/').pop()}`,
    );
    expect(saved.content.items[0]).toMatchObject({ quantity: 2, unitPrice: 125_050 });
  });

  test("'Usar modelo' keeps each line's unit, discount and IVA: 954,00 € stays 954,00 € everywhere", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, DEMO.manager);
    const name = unique('Alojamento gerido');
    await api(page, 'POST', '/templates', {
      name,
      category: 'outro',
      content: {
        blocks: [],
        items: [
          {
            id: 'i1',
            description: 'Alojamento',
            quantity: 1,
            unit: 'mês',
            unitPrice: 100_000,
            discount: 10,
            tax: 6,
          },
        ],
      },
    });
    await page.goto(`/templates?search=${encodeURIComponent(name)}`);
    await page.getByRole('article', { name }).getByRole('button', { name: 'Usar modelo' }).click();
    await expect(page).toHaveURL(/\/proposals\/new$/);
    const item = page.getByRole('group', { name: 'Item 1' });
    await expect(item.getByLabel('Unidade')).toHaveValue('mês');
    await expect(item.getByLabel('Desconto (%)')).toHaveValue('10');
    const summary = page.getByRole('region', { name: 'Resumo financeiro' });
    await expect(summary).toContainText(nbsp('954,00 €'));
    await expect(summary).toContainText('IVA (6 %)');
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);

    await chooseClient(page);
    await field(page, 'Título').press('Enter');
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    const saved = await api<{ totalValue: number; publicToken: string }>(page, 'GET', `/proposals/${id}`);
    expect(saved.totalValue).toBe(95_400);
    const items = page.getByRole('region', { name: 'Itens' });
    await expect(items).toContainText(nbsp('1 000,00 € / mês'));
    await expect(items).toContainText('Desconto 10 %');
    await expectAccessibleAtBothWidths(page);

    const client = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const publicPage = await client.newPage();
    await publicPage.goto(`/p/${saved.publicToken}`);
    await expect(publicPage.getByRole('row', { name: /Alojamento/ })).toContainText(nbsp('1 000,00 € / mês'));
    await expect(publicPage.getByRole('main')).toContainText(nbsp('954,00 €'));
    await client.close();
  });

  test('the owner sees why the client rejected, on the detail and in the notification', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, DEMO.sales);
    const title = unique('Proposta recusada');
    const clientRecord = await firstClient(page);
    const created = await api<{ id: string; publicToken: string }>(page, 'POST', '/proposals', {
      title,
      clientId: clientRecord.id,
      status: 'sent',
      content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 100_000 }] },
    });

    const client = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const publicPage = await client.newPage();
    await publicPage.goto(`/p/${created.publicToken}`);
    await publicPage.getByRole('button', { name: 'Rejeitar' }).click();
    const dialog = publicPage.getByRole('dialog', { name: 'Rejeitar proposta' });
    await dialog.getByRole('radio', { name: 'Preço' }).check();
    await dialog.getByRole('textbox', { name: 'Comentário (opcional)' }).fill('Orçamento acima do previsto');
    // The one-time code emailed to the client (on by default, issue 20); the title's unique part finds it.
    await enterAnswerCode(dialog, clientRecord.email, title.split(' ').at(-1) as string);
    await dialog.getByRole('button', { name: 'Rejeitar' }).click();
    await expect(publicPage.getByText(/Rejeitada em/)).toBeVisible();
    await client.close();

    await page.goto(`/proposals/${created.id}`);
    const answer = page.getByRole('alert').filter({ hasText: 'Rejeitada pelo cliente' });
    await expect(answer).toContainText('Motivo indicado pelo cliente');
    await expect(answer).toContainText('Orçamento acima do previsto');
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);

    const notifications = await api<{ message: string }[]>(page, 'GET', '/notifications');
    expect(
      notifications.some((n) => n.message.includes(title) && n.message.includes('Orçamento acima')),
    ).toBe(true);
  });
});

test.describe('the catalogue picker', () => {
  test('says how many products there are, pages past the first 20 and searches as you type', async ({
    page,
  }) => {
    await signIn(page, DEMO.manager);
    const prefix = unique('Artigo');
    for (let i = 1; i <= 22; i++) {
      await api(page, 'POST', '/products', {
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        price: 1000 + i,
        unit: 'hora',
      });
    }
    await page.goto('/proposals/new');
    await page.getByRole('button', { name: 'Do catálogo' }).click();
    const catalogue = page.getByRole('dialog', { name: 'Adicionar do catálogo' });
    await expect(catalogue.getByText(/^A mostrar 20 de \d+ produtos ativos\.$/)).toBeVisible();

    await catalogue.getByRole('textbox', { name: 'Pesquisar produtos' }).fill(prefix);
    await expect(catalogue.getByText('A mostrar 20 de 22 produtos encontrados.')).toBeVisible();
    await catalogue.getByRole('button', { name: 'Mostrar mais produtos' }).click();
    await expect(catalogue.getByText('22 produtos encontrados.')).toBeVisible();
    await catalogue.getByRole('button', { name: `Adicionar ${prefix} 22` }).click();
    await expect(catalogue.getByText('1 item adicionado à proposta.')).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await catalogue.getByRole('button', { name: 'Concluir' }).click();
    const item = page.getByRole('group', { name: 'Item 1' });
    await expect(item.getByLabel('Nome')).toHaveValue(`${prefix} 22`);
    await expect(item.getByLabel('Unidade')).toHaveValue('hora');
  });
});

test.describe('a signed proposal inside the app', () => {
  test("the detail shows 'Assinada', who signed, their email, the date and the signature", async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    const title = unique('Proposta assinada');
    const clientRecord = await firstClient(page);
    const created = await api<{ id: string; publicToken: string }>(page, 'POST', '/proposals', {
      title,
      clientId: clientRecord.id,
      status: 'sent',
      content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 100_000 }] },
    });
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    // As the client: with the one-time code from their email (on by default, issue 20).
    const code = await answerCodeViaApi(
      page.request,
      created.publicToken,
      clientRecord.email,
      title.split(' ').at(-1) as string,
    );
    const signed = await page.request.post(`/api/v1/public/proposals/${created.publicToken}/sign`, {
      data: {
        signerName: 'Joana Lima',
        signerEmail: 'joana@lima.pt',
        signatureData: png,
        code,
        ...(await shownVersionViaApi(page.request, created.publicToken)),
      },
    });
    expect(signed.status()).toBe(200);

    await page.goto(`/proposals/${created.id}`);
    const signature = page.getByRole('region', { name: 'Assinatura do cliente' });
    await expect(signature).toContainText('Joana Lima');
    await expect(signature.getByRole('link', { name: 'joana@lima.pt' })).toBeVisible();
    await expect(signature.getByRole('img', { name: 'Assinatura de Joana Lima' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Assinada pelo cliente' })).toBeVisible();
    await expect(page.getByText('Assinada', { exact: true }).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);
  });
});

test.describe('editing a proposal the client has seen', () => {
  test('warns first, keeps what the client saw as a version, saves a new one and tells the client', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, DEMO.sales);
    const title = unique('Proposta vista');
    const created = await api<{ id: string; publicToken: string }>(page, 'POST', '/proposals', {
      title,
      clientId: await firstClientId(page),
      content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 100_000 }] },
    });
    await api(page, 'POST', `/proposals/${created.id}/send`);
    const client = await browser.newContext({ baseURL, locale: 'pt-PT' });
    await (await client.newPage()).goto(`/p/${created.publicToken}`);
    await client.close();

    await page.goto(`/proposals/${created.id}/edit`);
    const price = page.getByRole('group', { name: 'Item 1' }).getByLabel('Preço unitário (€)');
    await price.fill('1.500,00');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'O cliente já viu esta proposta' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    await expect(dialog.getByRole('checkbox', { name: /Avisar o cliente/ })).toBeChecked();
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);
    const saved = page.waitForRequest(
      (req) => req.method() === 'PUT' && req.url().includes('notifyClient=true'),
    );
    await dialog.getByRole('button', { name: 'Guardar nova versão' }).click();
    await saved;

    await expect(page).toHaveURL(new RegExp(`/proposals/${created.id}$`));
    const history = page.getByRole('region', { name: 'Tabela de versões' });
    await expect(history.getByRole('button', { name: /^Ver versão/ })).toHaveCount(2);
    await expect(history).toContainText('Alterada depois de o cliente a ver');
    const versions = await api<{ versionNumber: number; totalValue: number }[]>(
      page,
      'GET',
      `/proposals/${created.id}/versions`,
    );
    expect(versions.map((v) => v.totalValue).sort((a, b) => a - b)).toEqual([123_000, 184_500]);
  });
});

test.describe('dates in an English browser', () => {
  test.use({ locale: 'en-US' });

  test("'Válida até' is written and read as dd/mm/aaaa, in the app and on the public page", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAt(page, '/proposals/new', DEMO.sales);
    await field(page, 'Título').fill(unique('Datas'));
    await chooseClient(page);
    const validUntil = field(page, 'Válida até');
    await expect(validUntil).toBeEnabled();
    await expect(validUntil).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await validUntil.fill('01/06/2099');
    await validUntil.press('Escape');
    await expect(validUntil).toHaveValue('01/06/2099');
    await expectAccessibleAtBothWidths(page);

    await field(page, 'Título').press('Enter');
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    const saved = await api<{ validUntil: string; publicToken: string }>(page, 'GET', `/proposals/${id}`);
    expect(saved.validUntil).toBe('2099-06-01');
    await expect(page.getByRole('main')).toContainText('01/06/2099');

    const client = await browser.newContext({ baseURL, locale: 'en-US' });
    const publicPage = await client.newPage();
    await publicPage.goto(`/p/${saved.publicToken}`);
    await expect(publicPage.getByRole('main')).toContainText('01/06/2099');
    await client.close();
  });

  test("the analytics 'Data inicial' and 'Data final' pick dates day first", async ({ page }) => {
    await signInAt(page, '/analytics', DEMO.manager);
    const start = field(page, 'Data inicial');
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page.getByRole('button', { name: 'Mês seguinte' })).toBeVisible();
    await start.fill('01/06/2026');
    await start.press('Escape');
    await expect(page).toHaveURL(/startDate=2026-06-01/);
    await expect(start).toHaveValue('01/06/2026');
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);
  });
});
