import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiSession, DEMO, expect, expectAccessible, expectFits, field, signIn, test } from './fixtures.ts';

/** Records other tests (running in parallel) cannot collide with. */
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

const CLIENT_HAS_PROPOSALS = 'Não é possível eliminar este cliente porque existem propostas associadas.';

/** An API session's access token, for preparing data the test is not about. */
const apiToken = async (request: APIRequestContext, email: string): Promise<string> =>
  (await apiSession(request, email)).accessToken;

/** A template of the demo organization made through the API, for a test about another screen. */
async function createTemplate(
  request: APIRequestContext,
  token: string,
  data: { name: string; tags?: string[]; description?: string },
): Promise<{ id: string; name: string }> {
  const res = await request.post('/api/v1/templates', {
    headers: { Authorization: `Bearer ${token}` },
    data: { category: 'design', ...data },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data;
}

/** The ids behind the edit screens: a client, a product and one of the organization's own templates. */
async function catalogueIds(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const clients = await request.get('/api/v1/clients?search=Marta%20Sousa', { headers });
  const products = await request.get('/api/v1/products?search=Website%20institucional', { headers });
  const templates = await request.get('/api/v1/templates?search=Website%20para%20PME', { headers });
  const first = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { id: string; name: string }[] };
    expect(data.length, 'a demo record').toBeGreaterThan(0);
    return data[0] as { id: string; name: string };
  };
  return { client: await first(clients), product: await first(products), template: await first(templates) };
}

test.describe('clients', () => {
  test('create (with validation), search, open from the row, edit and delete a client', async ({ page }) => {
    test.slow(); // A long walk through several screens.
    const name = unique('Cliente E2E');
    const email = `${randomUUID().slice(0, 8)}@cliente-e2e.pt`;
    await signIn(page, DEMO.admin);

    await page.goto('/clients');
    await expect(page).toHaveTitle(/Clientes/);
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Novo cliente' }).click();
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(page).toHaveTitle(/Novo cliente/);
    await field(page, 'Nome').press('Enter');
    await expect(page.getByText('Nome e Email são obrigatórios')).toHaveCount(2);
    await field(page, 'Email').fill('nao-e-um-email');
    await field(page, 'NIF').fill('1234567890');
    await field(page, 'NIF').blur();
    await expect(page.getByText('Por favor, insira um email válido')).toBeVisible();
    await expect(page.getByText('NIF inválido')).toBeVisible();
    await expectAccessible(page);

    await expect(field(page, 'País')).toHaveValue('Portugal');
    await field(page, 'Nome').fill(name);
    await field(page, 'Empresa').fill('Testes Automáticos, Lda');
    await field(page, 'Email').fill(email);
    await field(page, 'NIF').fill('509876544');
    await field(page, 'Rua').fill('Rua das Flores 12');
    await field(page, 'Código postal').fill('4050-262');
    await field(page, 'Cidade').fill('Porto');
    await field(page, 'País').selectOption('Espanha');
    await field(page, 'Cidade').press('Enter');

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Cliente criado com sucesso')).toBeVisible();
    await expect(page.getByText('4050-262 Porto')).toBeVisible();
    await expect(page.getByText('Espanha')).toBeVisible();
    await expect(page.getByText('Este cliente ainda não tem propostas.')).toBeVisible();
    await expectAccessible(page);

    // Search as you type, kept in the URL; the row opens the client.
    await page.goto('/clients');
    const search = page.getByRole('searchbox', { name: 'Pesquisar clientes' });
    await search.fill(email.slice(0, 8));
    await expect(page).toHaveURL(new RegExp(`search=${email.slice(0, 8)}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('cell', { name: email }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveTitle(/Editar/);
    await expect(field(page, 'Email')).toHaveValue(email);
    await field(page, 'Telefone').fill('+351 912 345 678');
    await field(page, 'Telefone').press('Enter');
    await expect(page.getByText('Cliente atualizado com sucesso')).toBeVisible();
    await expect(page.getByRole('link', { name: '+351 912 345 678' })).toBeVisible();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar cliente' });
    await expect(dialog).toContainText(name);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByText('Cliente eliminado com sucesso')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Pesquisar clientes' }).fill(email.slice(0, 8));
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  });

  test("a taken email is refused under the field: 'Já existe um cliente com este email'", async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/clients/new');
    await field(page, 'Nome').fill(unique('Duplicado'));
    await field(page, 'Email').fill('marta.sousa@padariacentral.pt');
    await field(page, 'Email').press('Enter');
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Já existe um cliente com este email')).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/new$/);
  });

  test('a client with undecided proposals is not deleted (409) and its proposals link to them', async ({
    page,
    request,
  }) => {
    // Its own client with a draft: a client who answered a proposal is pseudonymised instead
    // (docs/product.md#personal-data), which must not happen to the shared demo clients.
    const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.manager)}` };
    const name = unique('Cliente com rascunho');
    const client = await request.post('/api/v1/clients', {
      headers,
      data: { name, email: `${randomUUID().slice(0, 8)}@rascunho.pt` },
    });
    expect(client.status()).toBe(201);
    const clientId = (await client.json()).data.id as string;
    const draft = await request.post('/api/v1/proposals', {
      headers,
      data: { title: unique('Rascunho'), clientId },
    });
    expect(draft.status()).toBe(201);

    await signIn(page, DEMO.manager);
    await page.goto(`/clients/${clientId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const proposals = page.getByRole('region', { name: 'Propostas' });
    const firstProposal = proposals.getByRole('link').first();
    await expect(firstProposal).toHaveAttribute('href', /^\/proposals\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(CLIENT_HAS_PROPOSALS)).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  });

  test('sales edits but does not delete clients', async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Tiago Ribeiro' }).click();
    await expect(page.getByRole('link', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  });
});

test.describe('products', () => {
  const DESCRIPTION = 'Uma descrição comprida o suficiente para ser cortada na lista de produtos.';

  // Two tests (one 35 s walk before): creating with validation, then editing and deactivating a product
  // prepared through the API.
  test('create a product (with validation)', async ({ page }) => {
    const name = unique('Produto E2E');
    const category = unique('Categoria');
    await signIn(page, DEMO.manager);
    await page.goto('/products');
    await expect(page).toHaveTitle(/Produtos/);
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Novo produto' }).click();
    await expect(page).toHaveURL(/\/products\/new$/);
    await field(page, 'Nome').press('Enter');
    await expect(page.getByText('O nome é obrigatório')).toBeVisible();
    await expect(page.getByText('O preço deve ser igual ou superior a 0')).toBeVisible();
    await expect(field(page, 'Unidade')).toHaveValue('unidade');
    await expect(page.getByRole('switch', { name: 'Produto ativo' })).toBeChecked();
    await expectAccessible(page);

    await field(page, 'Nome').fill(name);
    await field(page, 'SKU').fill(randomUUID().slice(0, 12));
    // Existing categories are offered; a new one can be typed.
    const categoryInput = page.getByRole('combobox', { name: 'Categoria' });
    await categoryInput.click();
    await expect(page.getByRole('option', { name: 'Design' })).toBeVisible();
    await categoryInput.fill(category);
    await field(page, 'Descrição').fill(
      'Uma descrição comprida o suficiente para ser cortada na lista de produtos.',
    );
    await field(page, 'Preço').fill('49,9');
    await field(page, 'Unidade').selectOption('hora');
    await field(page, 'Preço').press('Enter');

    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText('Produto criado com sucesso')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Pesquisar produtos' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('49,90 €');
    await expect(row).toContainText('/ hora');
    await expect(row).toContainText(category);
    // The description is cut at 60 characters.
    await expect(row).toContainText(`${DESCRIPTION.slice(0, 60)}…`);
  });

  test('edit and deactivate a product', async ({ page, request }) => {
    const name = unique('Produto E2E');
    const token = await apiToken(request, DEMO.manager);
    const created = await request.post('/api/v1/products', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, price: 4990, unit: 'hora', category: unique('Categoria') },
    });
    expect(created.status()).toBe(201);

    await signIn(page, DEMO.manager);
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'Pesquisar produtos' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(field(page, 'Preço')).toHaveValue('49,90');
    await field(page, 'Preço').fill('1250');
    await field(page, 'Preço').press('Enter');
    await expect(page.getByText('Produto atualizado com sucesso')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Pesquisar produtos' }).fill(name);
    // The search has reached the list (the header and this one row), not just the box: a search still waiting
    // for its debounce would dim the rows under the accessibility check below.
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('1 250,00 €');

    await row.getByRole('button', { name: `Desativar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar produto' });
    await expect(dialog).toContainText(name);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Produto desativado')).toBeVisible();
    await expect(row).toContainText('Inativo');
    await expect(row.getByRole('button', { name: /Desativar/ })).toHaveCount(0);

    await field(page, 'Estado').selectOption('Ativos');
    await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
    await field(page, 'Estado').selectOption('Inativos');
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(/status=inactive/);
  });

  test('filters by category, pages 20 at a time from the server', async ({ page, request }) => {
    test.slow(); // Prepares data through the API first.
    // One product more than a page, whatever the other tests do.
    const token = await apiToken(request, DEMO.admin);
    const created = await request.post('/api/v1/products', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: unique('Produto extra'), price: 1000, unit: 'dia', category: unique('Extra') },
    });
    expect(created.status()).toBe(201);

    await signIn(page, DEMO.admin);
    const firstPage = page.waitForRequest((req) => /\/api\/v1\/products\?.*limit=20/.test(req.url()));
    await page.goto('/products');
    await firstPage;
    await expect(page.getByRole('row')).toHaveCount(21);

    const pages = page.getByRole('navigation', { name: 'Paginação de produtos' });
    await pages.getByRole('button', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pages.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Design', exact: true }).click();
    await expect(page).toHaveURL(/category=Design/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('row').filter({ hasText: 'Identidade visual' })).toBeVisible();
    await expect(page.getByText('Website institucional')).toHaveCount(0);
    await expect(pages).toHaveCount(0);
  });

  test("sales sees no 'Novo produto' or row actions, and the form sends them back", async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/products');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Desativar/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
    await page.goto('/products/new');
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('templates', () => {
  test('create a template with tags, blocks and items, then archive it', async ({ page }) => {
    test.slow(); // A long walk through several screens.
    const name = unique('Template E2E');
    await signIn(page, DEMO.admin);
    await page.goto('/templates');
    await expect(page).toHaveTitle(/Modelos/);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Novo modelo' }).click();
    await expect(page).toHaveURL(/\/templates\/new$/);
    await field(page, 'Nome').press('Enter');
    await expect(page.getByText('O nome é obrigatório')).toBeVisible();

    await field(page, 'Nome').fill(name);
    await field(page, 'Categoria').selectOption('Design');
    await field(page, 'Descrição').fill('Identidade de marca para pequenos negócios.');
    const tags = page.getByRole('combobox', { name: 'Etiquetas' });
    await tags.fill('  branding  ');
    await tags.press('Enter');
    await tags.fill('logo');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await tags.fill('Branding');
    await tags.press('Enter');
    await expect(page.getByRole('button', { name: /^Remover etiqueta/ })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Remover etiqueta branding' })).toBeVisible();

    await page.getByRole('button', { name: 'Adicionar bloco de texto' }).click();
    await field(page, 'Título do bloco 1').fill('Enquadramento');
    await field(page, 'Conteúdo do bloco 1').fill('A sua marca merece uma imagem coerente.');
    await page.getByRole('button', { name: 'Adicionar lista' }).click();
    await field(page, 'Título do bloco 2').fill('O que inclui');
    await field(page, 'Conteúdo do bloco 2').fill('Logótipo\nPaleta de cores');
    await page.getByRole('button', { name: 'Mover bloco 2 para cima' }).click();
    await expect(field(page, 'Título do bloco 1')).toHaveValue('O que inclui');

    await page.getByRole('button', { name: 'Adicionar item' }).click();
    const item = page.getByRole('group', { name: 'Item 1' });
    await expect(item.getByLabel('Unidade')).toHaveValue('un');
    await item.getByLabel('Descrição do item 1').fill('Design de logótipo');
    await item.getByLabel('Quantidade').fill('2');
    await item.getByLabel('Preço unitário').fill('150,5');
    await item.getByLabel('Desconto (%)').fill('10');
    await item.getByLabel('Desconto (%)').blur();
    // 2 × 150,50 € − 10 % + 23 % IVA.
    await expect(item).toContainText('333,21 €');
    await expectAccessible(page);
    await field(page, 'Nome').press('Enter');

    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByText('Modelo criado com sucesso')).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('Design');
    await expect(card.getByRole('listitem')).toHaveText(['branding', 'logo']);

    // What was saved comes back in the edit form, in the chosen order and in euros.
    await card.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(field(page, 'Título do bloco 1')).toHaveValue('O que inclui');
    await expect(field(page, 'Título do bloco 2')).toHaveValue('Enquadramento');
    await expect(page.getByRole('group', { name: 'Item 1' }).getByLabel('Preço unitário')).toHaveValue(
      '150,50',
    );
    await page.getByRole('link', { name: 'Cancelar' }).click();

    await card.getByRole('button', { name: `Arquivar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Arquivar modelo' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Arquivar' }).click();
    await expect(page.getByText('Modelo arquivado')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("'Usar modelo' counts the use and opens a new proposal with the template", async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/templates');
    const card = page.getByRole('article', { name: 'Identidade visual' });
    await expect(card).toBeVisible();
    // Sales uses templates but does not write them.
    await expect(page.getByRole('link', { name: 'Novo modelo' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /Editar/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Arquivar/ })).toHaveCount(0);

    const counted = page.waitForResponse((res) => /\/api\/v1\/templates\/[0-9a-f-]+\/use$/.test(res.url()));
    await card.getByRole('button', { name: 'Usar modelo' }).click();
    expect((await counted).status()).toBe(200);
    await expect(page).toHaveURL(/\/proposals\/new$/);
    const state = (await page.evaluate('window.history.state')) as { usr?: { template?: { name: string } } };
    expect(state.usr?.template?.name).toBe('Identidade visual');
  });

  test('global templates carry a Global badge and are never editable', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/templates');
    const card = page.getByRole('article', { name: 'Avença mensal' });
    await expect(card.getByText('Global')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Usar modelo' })).toBeVisible();
    await expect(card.getByRole('link', { name: /Editar/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Arquivar/ })).toHaveCount(0);
  });

  test('the search filters the grid as you type, kept in the URL', async ({ page, request }) => {
    // Two templates only this test knows, so parallel tests cannot change what the search finds.
    const mark = randomUUID().slice(0, 8);
    const token = await apiToken(request, DEMO.manager);
    const alpha = await createTemplate(request, token, { name: `Pesquisa ${mark} Alfa` });
    const beta = await createTemplate(request, token, {
      name: `Pesquisa ${mark} Beta`,
      description: 'Encontrado também pela descrição.',
    });

    await signIn(page, DEMO.manager);
    await page.goto('/templates');
    await expect(page.getByRole('article', { name: 'Website para PME' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Pesquisar modelos' });
    await search.fill(mark);
    await expect(page).toHaveURL(new RegExp(`search=${mark}`));
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article', { name: alpha.name, exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: beta.name, exact: true })).toBeVisible();
    await expect(page.getByText('2 modelos', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Website para PME' })).toHaveCount(0);

    await search.fill(`${mark} Beta`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: beta.name, exact: true })).toBeVisible();
    await expect(page.getByText('1 modelo', { exact: true })).toBeVisible();

    await search.fill(`${mark} Gama`);
    await expect(page.getByText('Nenhum modelo encontrado')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(search).toHaveValue('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByRole('article', { name: 'Website para PME' })).toBeVisible();
  });

  test('edit a template: the new name and tags are saved and shown in the grid', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO.admin);
    const template = await createTemplate(request, token, {
      name: unique('Template a editar'),
      tags: ['antiga', 'fica'],
    });
    const renamed = unique('Template editado');

    await signIn(page, DEMO.manager);
    await page.goto(`/templates?search=${encodeURIComponent(template.name)}`);
    const card = page.getByRole('article', { name: template.name, exact: true });
    await expect(card.getByRole('listitem')).toHaveText(['antiga', 'fica']);
    await card.getByRole('link', { name: `Editar ${template.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/templates/${template.id}/edit$`));
    await expect(field(page, 'Nome')).toHaveValue(template.name);

    await field(page, 'Nome').fill(renamed);
    await page.getByRole('button', { name: 'Remover etiqueta antiga' }).click();
    const tags = page.getByRole('combobox', { name: 'Etiquetas' });
    await tags.fill('nova');
    await tags.press('Enter');
    await expect(page.getByRole('button', { name: /^Remover etiqueta/ })).toHaveCount(2);
    await page.getByRole('button', { name: 'Guardar alterações' }).click();

    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByText('Modelo atualizado com sucesso')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Pesquisar modelos' }).fill(renamed);
    const edited = page.getByRole('article', { name: renamed, exact: true });
    await expect(edited.getByRole('listitem')).toHaveText(['fica', 'nova']);
    await page.getByRole('searchbox', { name: 'Pesquisar modelos' }).fill(template.name);
    await expect(page.getByText('Nenhum modelo encontrado')).toBeVisible();

    // Stored, not only shown.
    const stored = await request.get(`/api/v1/templates/${template.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await stored.json()).data).toMatchObject({ name: renamed, tags: ['fica', 'nova'] });
  });

  test('filters by category', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto('/templates');
    await field(page, 'Categoria').selectOption('Marketing');
    await expect(page).toHaveURL(/category=marketing/);
    await expect(page.getByRole('article', { name: 'Campanha de marketing digital' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Website para PME' })).toHaveCount(0);
  });
});

test.describe('edit forms', () => {
  test('the client, product and template edit screens pass axe', async ({ page, request }) => {
    const { client, product, template } = await catalogueIds(request);
    await signIn(page, DEMO.admin);

    await page.goto(`/clients/${client.id}/edit`);
    await expect(page).toHaveTitle(/Editar/);
    await expect(field(page, 'Nome')).toHaveValue(client.name);
    await expectAccessible(page);

    await page.goto(`/products/${product.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Editar produto' })).toBeVisible();
    await expect(field(page, 'Nome')).toHaveValue(product.name);
    await expectAccessible(page);

    await page.goto(`/templates/${template.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Editar modelo' })).toBeVisible();
    await expect(field(page, 'Nome')).toHaveValue(template.name);
    await expect(field(page, 'Título do bloco 1')).toHaveValue('Enquadramento');
    await expectAccessible(page);
  });
});

test.describe('viewer', () => {
  test('sees the catalogue but no write action', async ({ page }) => {
    test.slow(); // A long walk through several screens.
    await signIn(page, DEMO.viewer);

    await page.goto('/clients');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo cliente' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Helena Duarte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Helena Duarte' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await page.goto('/clients/new');
    await expect(page).toHaveURL(/\/clients$/);

    await page.goto('/products');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Desativar/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar/ })).toHaveCount(0);

    await page.goto('/templates');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo modelo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Usar modelo' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Arquivar/ })).toHaveCount(0);
    await page.goto('/templates/new');
    await expect(page).toHaveURL(/\/templates$/);
  });
});

test.describe('catalogue on a phone @mobile', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 360 px layout');

  test('clients as cards: search, open, the form fits', async ({ page }) => {
    test.slow(); // A long walk through several screens.
    await signIn(page, DEMO.admin);
    await page.goto('/clients');
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Pesquisar clientes' }).fill('Vinhos');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
    await expectFits(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: /Tiago Ribeiro/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tiago Ribeiro' })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(field(page, 'Nome')).toHaveValue('Tiago Ribeiro');
    await expectFits(page);
  });

  test('products and templates fit the screen', async ({ page }) => {
    test.slow(); // A long walk through several screens.
    await signIn(page, DEMO.manager);
    await page.goto('/products');
    await expect(page.getByRole('button', { name: /^Desativar/ }).first()).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
    await page.goto('/products/new');
    await expect(field(page, 'Nome')).toBeVisible();
    await expectFits(page);

    await page.goto('/templates');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
    await page.goto('/templates/new');
    await page.getByRole('button', { name: 'Adicionar bloco de texto' }).click();
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await expect(page.getByRole('group', { name: 'Item 1' })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
  });

  test('the product and template edit forms fit the screen', async ({ page, request }) => {
    const { product, template } = await catalogueIds(request);
    await signIn(page, DEMO.manager);

    await page.goto(`/products/${product.id}/edit`);
    await expect(field(page, 'Nome')).toHaveValue(product.name);
    await expect(field(page, 'Preço')).not.toHaveValue('');
    await expectFits(page);
    await expectAccessible(page);

    await page.goto(`/templates/${template.id}/edit`);
    await expect(field(page, 'Nome')).toHaveValue(template.name);
    // The seeded blocks and items, the widest parts of the form.
    await expect(page.getByRole('group', { name: 'Item 3' })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
  });
});
