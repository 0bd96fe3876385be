import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, expectFits, field, signIn, test } from './fixtures.ts';

/*
 * The block library (docs/product.md#block-library, issue 25): a block saved from one proposal is inserted in a
 * new proposal and in a template; editing the library block later leaves the first proposal as it was.
 */

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate('localStorage.getItem("accessToken")');
  expect(token, 'signed in').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function proposalBlocks(page: Page, id: string): Promise<{ title: string; content: string }[]> {
  const response = await page.request.get(`/api/v1/proposals/${id}`, { headers: await bearer(page) });
  expect(response.status()).toBe(200);
  return (await response.json()).data.content.blocks;
}

async function chooseClient(page: Page) {
  const picker = page.getByRole('combobox', { name: 'Cliente' });
  await picker.fill('Marta');
  await page
    .getByRole('option', { name: /Marta Sousa/ })
    .first()
    .click();
  await expect(picker).toHaveValue(/Marta Sousa/);
}

/** Opens "Inserir da biblioteca", finds the block by name and inserts it. */
async function insertFromLibrary(page: Page, name: string, { checkA11y = false } = {}) {
  await page.getByRole('button', { name: 'Inserir da biblioteca' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inserir da biblioteca' });
  await dialog.getByLabel('Pesquisar blocos').fill(name);
  await dialog.getByRole('option', { name: new RegExp(name) }).click();
  await expect(dialog.getByRole('region', { name: `Pré-visualização de ${name}` })).toBeVisible();
  if (checkA11y) await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Inserir bloco' }).click();
  await expect(dialog).toBeHidden();
}

async function saveProposal(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Criar proposta' }).click();
  await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() as string;
}

test.describe('block library', () => {
  test('save a block from a proposal, insert it in a new proposal and a template, edit it: the first proposal keeps its text', async ({
    page,
  }) => {
    test.slow(); // Two proposals, a template and the library screen.
    const name = unique('Condições E2E');
    const original = 'Pagamento a 30 dias após a entrega.';
    await signIn(page, DEMO.manager);

    // 1. A proposal's block saved to the library.
    await page.goto('/proposals/new');
    await field(page, 'Título').fill(unique('Proposta com bloco'));
    await chooseClient(page);
    await page.getByRole('button', { name: 'Adicionar bloco' }).click();
    const block = page.getByRole('group', { name: 'Bloco 1' });
    await block.getByLabel('Título do bloco').fill('Condições de pagamento');
    await block.getByLabel('Texto').fill(original);
    await block.getByRole('button', { name: 'Guardar bloco 1 na biblioteca' }).click();
    const save = page.getByRole('dialog', { name: 'Guardar na biblioteca' });
    await expect(save.getByLabel(/Nome do bloco/)).toHaveValue('Condições de pagamento');
    await save.getByLabel(/Nome do bloco/).fill(name);
    await expectAccessible(page);
    await save.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Bloco "${name}" guardado na biblioteca`)).toBeVisible();
    const firstId = await saveProposal(page);

    // 2. Inserted in a new proposal.
    await page.goto('/proposals/new');
    await field(page, 'Título').fill(unique('Proposta da biblioteca'));
    await chooseClient(page);
    await insertFromLibrary(page, name, { checkA11y: true });
    const inserted = page.getByRole('group', { name: 'Bloco 1' });
    await expect(inserted.getByLabel('Título do bloco')).toHaveValue('Condições de pagamento');
    await expect(inserted.getByLabel('Texto')).toHaveValue(original);
    const secondId = await saveProposal(page);
    expect(await proposalBlocks(page, secondId)).toEqual([
      { title: 'Condições de pagamento', content: original },
    ]);

    // 3. Inserted in a template.
    const templateName = unique('Template com bloco');
    await page.goto('/templates/new');
    await field(page, 'Nome').fill(templateName);
    await insertFromLibrary(page, name);
    await expect(field(page, 'Título do bloco 1')).toHaveValue('Condições de pagamento');
    await expect(field(page, 'Conteúdo do bloco 1')).toHaveValue(original);
    await field(page, 'Nome').press('Enter');
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole('article', { name: templateName })).toBeVisible();

    // 4. The library block edited on the Blocos screen.
    await page.goto('/content-blocks');
    await expect(page).toHaveTitle(/Blocos/);
    await expect(
      page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Blocos' }),
    ).toHaveAttribute('href', '/content-blocks');
    await page.getByLabel('Pesquisar blocos').fill(name);
    await expect(page.getByRole('region', { name: 'Tabela de blocos' }).getByRole('row')).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar bloco' });
    await edit.getByRole('textbox', { name: 'Texto do bloco' }).fill('Pagamento a 60 dias.');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Bloco atualizado')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tabela de blocos' })).toContainText(name);

    // The proposals made earlier keep the text they copied.
    expect(await proposalBlocks(page, firstId)).toEqual([
      { title: 'Condições de pagamento', content: original },
    ]);
    expect(await proposalBlocks(page, secondId)).toEqual([
      { title: 'Condições de pagamento', content: original },
    ]);
    await page.goto(`/proposals/${firstId}`);
    await expect(page.getByText(original)).toBeVisible();

    // 5. Deleted, after confirming.
    await page.goto('/content-blocks');
    await page.getByLabel('Pesquisar blocos').fill(name);
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar bloco' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Bloco eliminado')).toBeVisible();
    await expect(page.getByText('Nenhum bloco encontrado')).toBeVisible();
    expect(await proposalBlocks(page, firstId)).toEqual([
      { title: 'Condições de pagamento', content: original },
    ]);
  });
});

test.describe('block library on a phone @mobile', () => {
  // The 360 px layout alone: the desktop's screens are walked by the flows above (docs/decisions.md#issue-37--a-browser-flow-runs-once-every-screen-is-checked-at-both-widths).
  test.skip(({ isMobile }) => !isMobile, 'the 360 px layout');
  test('the Blocos screen and the insert dialog fit 360 px and pass axe', async ({ page }) => {
    const name = unique('Garantia móvel');
    await signIn(page, DEMO.sales);
    const created = await page.request.post('/api/v1/content-blocks', {
      headers: await bearer(page),
      data: {
        name,
        block: { type: 'list', title: 'Garantia', content: 'Dois anos de garantia\nSuporte por email' },
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/content-blocks?search=${encodeURIComponent(name)}`);
    await expect(page.getByText(name)).toBeVisible();
    // A sales member edits the blocks they saved.
    await expect(page.getByRole('button', { name: `Editar ${name}` })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);

    await page.goto('/proposals/new');
    await page.getByRole('button', { name: 'Adicionar bloco' }).click();
    await expect(page.getByRole('button', { name: 'Guardar bloco 1 na biblioteca' })).toBeVisible();
    await expectFits(page);
    await page.getByRole('button', { name: 'Inserir da biblioteca' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inserir da biblioteca' });
    await dialog.getByLabel('Pesquisar blocos').fill(name);
    await dialog.getByRole('option', { name: new RegExp(name) }).click();
    await expect(dialog.getByRole('listitem')).toHaveText(['Dois anos de garantia', 'Suporte por email']);
    await expectFits(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Inserir bloco' }).click();
    await expect(page.getByRole('group', { name: 'Bloco 2' }).getByLabel('Texto')).toHaveValue(
      'Dois anos de garantia\nSuporte por email',
    );
  });
});

test.describe('template editor with the library on a phone @mobile', () => {
  // The 360 px layout alone: the desktop's screens are walked by the flows above (docs/decisions.md#issue-37--a-browser-flow-runs-once-every-screen-is-checked-at-both-widths).
  test.skip(({ isMobile }) => !isMobile, 'the 360 px layout');
  test('a template block keeps its four actions within 360 px', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto('/templates/new');
    await page.getByRole('button', { name: 'Adicionar lista' }).click();
    await expect(page.getByRole('button', { name: 'Guardar bloco 1 na biblioteca' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remover bloco 1' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Inserir da biblioteca' })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
  });
});
