import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, DEMO, expectAccessible, expectFits, field, signIn, test } from './fixtures.ts';
import { scaled } from './timing.ts';

// Issue 25 part 3 (docs/product.md#iva-per-line, #totals): IVA per line, the exemption reason at 0 %, the table
// by rate on the owner's screens and on the client's phone.
const expect = baseExpect.configure({ timeout: scaled(15_000) });
test.describe.configure({ timeout: scaled(120_000) });

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
/** Text as the page shows money and percentages: pt-PT spaces are no-break ones. */
const nbsp = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s'));

async function choose(page: Page, combobox: ReturnType<Page['getByRole']>, option: RegExp | string) {
  await combobox.click();
  await page.getByRole('option', { name: option }).click();
}

test('a line at 6 % and one exempt under M07: the editor asks the reason, the client reads the table by rate at 360 px', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEMO.sales);
  await page.goto('/proposals/new');
  const title = unique('Livros e formação');
  await field(page, 'Título').fill(title);
  await page.getByRole('combobox', { name: 'Cliente' }).fill('Marta');
  await page
    .getByRole('option', { name: /Marta Sousa/ })
    .first()
    .click();

  await page.getByRole('button', { name: 'Adicionar item' }).click();
  const books = page.getByRole('group', { name: 'Item 1' });
  await books.getByLabel('Nome').fill('Livros técnicos');
  await books.getByLabel('Preço unitário (€)').fill('100');
  await choose(page, books.getByRole('combobox', { name: 'IVA (%)' }), /^6\s%$/);

  await page.getByRole('button', { name: 'Adicionar item' }).click();
  const training = page.getByRole('group', { name: 'Item 2' });
  await training.getByLabel('Nome').fill('Formação profissional');
  await training.getByLabel('Preço unitário (€)').fill('200');
  await choose(page, training.getByRole('combobox', { name: 'IVA (%)' }), /^0\s%$/);

  // At 0 % the line must say why: saving without a reason is refused on the line.
  const reason = training.getByRole('combobox', { name: /Motivo de isenção/ });
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: 'Criar proposta' }).click();
  await expect(training.getByText('Indique o motivo de isenção de IVA.')).toBeVisible();
  await choose(page, reason, 'M07 – Isento artigo 9.º do CIVA');
  await expect(training.getByText('Indique o motivo de isenção de IVA.')).toBeHidden();

  const summary = page.getByRole('region', { name: 'Resumo financeiro' });
  const editorTable = summary.getByRole('table', { name: 'IVA por taxa' });
  await expect(editorTable).toContainText(nbsp('M07 – Isento artigo 9.º do CIVA'));
  await expect(summary).toContainText(nbsp('306,00 €'));
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Criar proposta' }).click();
  await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
  const detailTable = page.getByRole('table', { name: 'IVA por taxa' });
  await expect(detailTable.getByRole('row', { name: /^6\s%/ })).toContainText(nbsp('100,00 €'));
  await expect(detailTable.getByRole('row', { name: /^6\s%/ })).toContainText(nbsp('6,00 €'));
  await expect(detailTable).toContainText('M07 – Isento artigo 9.º do CIVA');
  await expectAccessible(page);

  const token = await page.evaluate('localStorage.getItem("accessToken")');
  const saved = await (
    await page.request.get(`/api/v1/proposals/${page.url().split('/').pop()}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  expect(saved.data.taxBreakdown).toEqual([
    { rate: 6, base: 10_000, tax: 600 },
    { rate: 0, base: 20_000, tax: 0, exemption: 'M07' },
  ]);

  // The client, on a phone.
  const client = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const phone = await client.newPage();
  await phone.goto(`/p/${saved.data.publicToken}`);
  const table = phone.getByRole('table', { name: 'IVA por taxa' });
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByRole('columnheader')).toHaveText(['Taxa', 'Base tributável', 'IVA']);
  await expect(table.getByRole('row', { name: /^6\s%/ })).toContainText(nbsp('6,00 €'));
  await expect(table.getByRole('row', { name: /^0\s%/ })).toContainText('M07 – Isento artigo 9.º do CIVA');
  await expect(phone.getByRole('main')).toContainText(nbsp('306,00 €'));
  await expectFits(phone);
  await expectAccessible(phone);
  await client.close();
});

test('the line rate and the exemption reason fit the editor at 360 px @mobile', async ({
  page,
  isMobile,
}) => {
  // The 360 px layout alone (docs/decisions.md#issue-37--a-browser-flow-runs-once-every-screen-is-checked-at-both-widths).
  test.skip(!isMobile, 'the 360 px layout');
  await signIn(page, DEMO.sales);
  await page.goto('/proposals/new');
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  const item = page.getByRole('group', { name: 'Item 1' });
  await item.getByLabel('Nome').fill('Consulta médica');
  await choose(page, item.getByRole('combobox', { name: 'IVA (%)' }), /^0\s%$/);
  await choose(
    page,
    item.getByRole('combobox', { name: /Motivo de isenção/ }),
    'M07 – Isento artigo 9.º do CIVA',
  );
  await expect(item.getByRole('combobox', { name: /Motivo de isenção/ })).toHaveValue(
    'M07 – Isento artigo 9.º do CIVA',
  );
  await expectFits(page);
  await expectAccessible(page);
});
