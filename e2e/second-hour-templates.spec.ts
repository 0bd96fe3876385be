import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiSession,
  expect as baseExpect,
  DEMO,
  expectAccessible,
  expectAccessibleAtBothWidths,
  expectFits,
  field,
  signIn,
  test,
} from './fixtures.ts';
import { scaled } from './timing.ts';

// Issue 37: templates that carry packages (optional add-ons, ranges, line names), 'Nova proposta para este
// cliente' and 'Guardar e enviar' (docs/product.md#templates, #sending-and-email).
const expect = baseExpect.configure({ timeout: scaled(15_000) });
test.describe.configure({ timeout: scaled(120_000) });

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** A client of the demo organization with an email, made through the API (what the test is not about). */
async function newClient(page: Page, name: string): Promise<string> {
  const { headers } = await apiSession(page.request, DEMO.manager);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@exemplo.pt`;
  const res = await page.request.post('/api/v1/clients', { headers, data: { name, email } });
  expect(res.status()).toBe(201);
  return (await res.json()).data.id as string;
}

test.describe('templates that carry packages, and the short path to a sent proposal @mobile', () => {
  test('a package template with an add-on → a proposal for a client → sent in one step → the page offers the add-on', {
    tag: '@desktop',
  }, async ({ page, browser, baseURL }) => {
    test.slow(); // Three screens, a send and the client's page.
    await signIn(page, DEMO.manager);
    const clientName = unique('Rita Pacote');
    const clientId = await newClient(page, clientName);
    const templateName = unique('Pacote site');

    // The template: a required line and an add-on the client may take, for 3 to 12 months.
    await page.goto('/templates/new');
    await field(page, 'Nome').fill(templateName);
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    const first = page.getByRole('group', { name: 'Item 1' });
    await first.getByLabel('Nome do item 1').fill('Site institucional');
    await first.getByLabel('Descrição do item 1').fill('Cinco páginas');
    await first.getByLabel('Preço unitário').fill('1000');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    const addOn = page.getByRole('group', { name: 'Item 2' });
    await addOn.getByLabel('Nome do item 2').fill('Manutenção');
    await addOn.getByLabel('Quantidade').fill('6');
    await addOn.getByLabel('Unidade').fill('mês');
    await addOn.getByLabel('Preço unitário').fill('50');
    await addOn.getByLabel('Opcional').selectOption({ label: 'Opcional, não selecionado' });
    await addOn.getByLabel('Qtd. mínima').fill('3');
    await addOn.getByLabel('Qtd. máxima').fill('2');
    await page.getByRole('button', { name: 'Criar modelo' }).click();
    // The proposal's rule and words: the range holds the quantity.
    await expect(addOn.getByText('A quantidade máxima não pode ser inferior à quantidade.')).toBeVisible();
    await addOn.getByLabel('Qtd. máxima').fill('12');
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);
    await page.getByRole('button', { name: 'Criar modelo' }).click();
    await expect(page).toHaveURL(/\/templates$/);

    // From the client's page: the template, then the editor on the created draft.
    await page.goto(`/clients/${clientId}`);
    await page.getByRole('button', { name: 'Nova proposta para este cliente' }).click();
    const dialog = page.getByRole('dialog', { name: `Nova proposta para ${clientName}` });
    await expect(dialog.getByRole('button', { name: new RegExp(templateName) })).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: new RegExp(templateName) }).click();
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
    const proposalId = page.url().split('/').at(-2) as string;
    await expect(field(page, 'Título')).toHaveValue(`${templateName} — ${clientName}`);
    const line = page.getByRole('group', { name: 'Item 2' });
    await expect(line.getByLabel('Nome')).toHaveValue('Manutenção');
    await expect(line.getByLabel('Opcional')).toHaveValue('unselected');
    await expect(line.getByLabel('Qtd. mínima')).toHaveValue('3');
    await expect(line.getByLabel('Qtd. máxima')).toHaveValue('12');
    await expect(page.getByRole('group', { name: 'Item 1' }).getByLabel('Descrição')).toHaveValue(
      'Cinco páginas',
    );
    await expectAccessibleAtBothWidths(page);
    await expectFits(page);

    // 'Guardar e enviar': saved, and the send dialog opens on the proposal's page.
    await page.getByRole('button', { name: 'Guardar e enviar' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${proposalId}$`));
    const send = page.getByRole('dialog', { name: 'Enviar proposta por email' });
    await expect(send.getByRole('button', { name: 'Enviar', exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await send.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText(/^Proposta enviada para /)).toBeVisible();

    // The client's page offers the add-on, out of the total until chosen.
    const { headers } = await apiSession(page.request, DEMO.manager);
    const saved = (await (await page.request.get(`/api/v1/proposals/${proposalId}`, { headers })).json())
      .data;
    expect(saved.status).toBe('sent');
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
    const context = await browser.newContext({ baseURL, locale: 'pt-PT', viewport });
    const client = await context.newPage();
    await client.goto(`/p/${saved.publicToken}`);
    const panel = client.getByRole('region', { name: 'Personalize a sua proposta' });
    await expect(panel.getByRole('checkbox', { name: 'Incluir Manutenção' })).not.toBeChecked();
    await expectAccessible(client);
    await context.close();
  });

  test("'Nova proposta' in the list: the client chosen, the draft created, the title prefilled", {
    tag: '@desktop',
  }, async ({ page }) => {
    await signIn(page, DEMO.manager);
    const clientName = unique('Tomás Lista');
    await newClient(page, clientName);
    await page.goto('/proposals');
    await page.getByRole('button', { name: 'Nova proposta' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova proposta' });
    const picker = dialog.getByRole('combobox', { name: 'Cliente' });
    await picker.fill(clientName);
    await page.getByRole('option', { name: clientName }).click();
    await expect(dialog.getByText(`A proposta é criada em rascunho para ${clientName}`)).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: /Proposta em branco/ }).click();
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
    await expect(field(page, 'Título')).toHaveValue(`Proposta — ${clientName}`);
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(clientName);
    await expectAccessibleAtBothWidths(page);
  });
});
