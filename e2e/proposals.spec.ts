import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect as baseExpect,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  expectAccessibleAtBothWidths,
  expectFits,
  field,
  signIn,
  test,
} from './fixtures.ts';
import { scaled } from './timing.ts';

// These flows load several lazy screens and run axe; allow for a busy CI machine without slowing a pass.
const expect = baseExpect.configure({ timeout: scaled(15_000) });
test.describe.configure({ timeout: scaled(90_000) });

/** A title no other test (or parallel worker) uses. */
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

interface ApiProposal {
  id: string;
  title: string;
  status: string;
  publicToken: string;
  totalValue: number;
  discountType: string;
  discountValue: number;
  content: {
    blocks: { title: string; content: string }[];
    items: { name: string; description: string; quantity: number; unitPrice: number }[];
  };
}

/** The signed-in session's bearer, read the way the app stores it. */
async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate('localStorage.getItem("accessToken")');
  expect(token, 'signed in').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function getProposal(page: Page, id: string): Promise<ApiProposal> {
  const response = await page.request.get(`/api/v1/proposals/${id}`, { headers: await bearer(page) });
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

/** A proposal made through the API, so a test about another screen starts from known data. */
async function createProposal(
  page: Page,
  overrides: Partial<{ title: string; clientId: string }> = {},
): Promise<ApiProposal> {
  const headers = await bearer(page);
  let clientId = overrides.clientId;
  if (!clientId) {
    const clients = await page.request.get('/api/v1/clients?limit=1', { headers });
    clientId = (await clients.json()).data[0].id as string;
  }
  const response = await page.request.post('/api/v1/proposals', {
    headers,
    data: {
      title: overrides.title ?? unique('Proposta E2E'),
      clientId,
      description: 'Criada pelo teste de ponta a ponta.',
      content: {
        blocks: [{ title: 'Âmbito', content: 'Tudo o que foi combinado.' }],
        items: [{ name: 'Consultoria', description: 'Sessões', quantity: 2, unitPrice: 12_550 }],
      },
      discountType: 'percentage',
      discountValue: 5,
      taxRate: 23,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data;
}

const EUR = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
/** Cents as the page shows them: pt-PT euros, two decimals. */
const money = (cents: number) => EUR.format(cents / 100);

/** The client picker: Mantine's combobox (its option list carries the same label, hence the role). */
const clientPicker = (page: Page) => page.getByRole('combobox', { name: 'Cliente' });

async function chooseClient(page: Page, search: string, name: RegExp) {
  await clientPicker(page).fill(search);
  await page.getByRole('option', { name }).first().click();
  await expect(clientPicker(page)).toHaveValue(name);
}

async function registerOrganization(request: APIRequestContext) {
  const email = `org-${randomUUID().slice(0, 8)}@exemplo.pt`;
  const response = await request.post('/api/v1/auth/register', {
    data: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Rita',
      lastName: 'Lopes',
      organizationName: unique('Org'),
    },
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  return { email, headers: { Authorization: `Bearer ${data.accessToken}` } };
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Navegação principal' });
}

/** The sidebar's Propostas group opens by itself only inside /proposals. */
async function openProposalsMenu(page: Page) {
  const toggle = sidebar(page).getByRole('button', { name: 'Propostas' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test.describe('proposal editor @mobile', () => {
  test('create from scratch with two catalogue items and a discount: the total shown is the server’s', async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/proposals');
    // 'Nova proposta' offers a blank proposal or a template (also on the phone).
    await page.getByRole('button', { name: 'Nova proposta' }).click();
    const choice = page.getByRole('dialog', { name: 'Nova proposta' });
    await expect(
      choice.getByRole('button', { name: /Website para PME|Loja|Consultoria/ }).first(),
    ).toBeVisible();
    await expectAccessible(page);
    await choice.getByRole('button', { name: /Proposta em branco/ }).click();
    await expect(page).toHaveURL(/\/proposals\/new$/);

    const title = unique('Loja online Lusitana');
    await field(page, 'Título').fill(title);
    await chooseClient(page, 'Marta', /Marta Sousa/);

    await page.getByRole('button', { name: 'Do catálogo' }).click();
    const catalogue = page.getByRole('dialog', { name: 'Adicionar do catálogo' });
    const add = catalogue.getByRole('button', { name: /^Adicionar / });
    await add.nth(0).click();
    await expect(catalogue.getByText('1 item adicionado à proposta.')).toBeVisible();
    await add.nth(1).click();
    await expect(catalogue.getByText('2 itens adicionados à proposta.')).toBeVisible();
    await catalogue.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByRole('group', { name: /^Item \d$/ })).toHaveCount(2);
    await expect(page.getByRole('group', { name: 'Item 1' }).getByLabel('Nome')).not.toHaveValue('');

    await page.getByRole('group', { name: 'Item 2' }).getByLabel('Quantidade').fill('3');
    await page.getByRole('region', { name: 'Desconto e IVA' }).getByLabel('Desconto (%)').fill('12,5');

    const summary = page.getByRole('region', { name: 'Resumo financeiro' });
    const editorTotal = await summary.getByRole('definition').last().textContent();
    // Enter submits; clicking could land on a field moved by blur validation.
    await page.getByRole('region', { name: 'Desconto e IVA' }).getByLabel('Desconto (%)').press('Enter');

    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    const saved = await getProposal(page, id);
    expect(saved.title).toBe(title);
    expect(saved.content.items).toHaveLength(2);
    expect(saved.content.items[1]?.quantity).toBe(3);
    expect(saved).toMatchObject({ discountType: 'percentage', discountValue: 12.5 });
    expect(editorTotal).toBe(money(saved.totalValue));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumo financeiro' })).toContainText(
      money(saved.totalValue),
    );
  });

  test('create from a template: its name, blocks and items prefill the editor', { tag: '@desktop' }, async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/templates');
    const use = page.getByRole('button', { name: 'Usar modelo' }).first();
    await expect(use).toBeVisible();
    await use.click();
    await expect(page).toHaveURL(/\/proposals\/new$/);
    await expect(page.getByText(/^A partir do modelo «.+»\.$/)).toBeVisible();

    const templateName = await field(page, 'Título').inputValue();
    expect(templateName).not.toBe('');
    const templates = await page.request.get('/api/v1/templates', { headers: await bearer(page) });
    const template = (
      (await templates.json()).data as { name: string; content: ApiProposal['content'] }[]
    ).find((t) => t.name === templateName);
    expect(template, 'the template used').toBeDefined();
    const blockCount = template?.content.blocks.length ?? 0;
    const itemCount = template?.content.items.length ?? 0;
    await expect(page.getByRole('group', { name: /^Bloco \d+$/ })).toHaveCount(blockCount);
    await expect(page.getByRole('group', { name: /^Item \d+$/ })).toHaveCount(itemCount);

    const title = unique(templateName);
    await field(page, 'Título').fill(title);
    await chooseClient(page, 'Ricardo', /Ricardo Matos/);
    await field(page, 'Título').press('Enter');

    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    const saved = await getProposal(page, page.url().split('/').pop() as string);
    expect(saved.title).toBe(title);
    expect(saved.content.blocks).toHaveLength(blockCount);
    expect(saved.content.items).toHaveLength(itemCount);
  });

  test('asks before leaving with unsaved changes, in the app and when closing the tab', {
    tag: '@desktop',
  }, async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/proposals/new');
    await field(page, 'Título').fill('Rascunho por guardar');

    await page.getByRole('link', { name: 'Voltar a Propostas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sair sem guardar?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuar a editar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/proposals\/new$/);
    await expect(field(page, 'Título')).toHaveValue('Rascunho por guardar');

    const beforeUnload = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const prompt = await beforeUnload;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.accept();
  });

  test('leaving without saving discards the changes after confirming', { tag: '@desktop' }, async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/proposals/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Nova proposta' })).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await field(page, 'Título').fill('Vou desistir');
    await page.getByRole('button', { name: 'Criar proposta' }).focus();
    await page.getByRole('link', { name: 'Voltar a Propostas' }).click();
    await page
      .getByRole('dialog', { name: 'Sair sem guardar?' })
      .getByRole('button', { name: 'Sair sem guardar' })
      .click();
    await expect(page).toHaveURL(/\/proposals$/);
  });

  test("'Novo cliente' creates a client without leaving the editor and chooses it; a taken email is refused", {
    tag: '@desktop',
  }, async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/proposals/new');
    const title = unique('Proposta para cliente novo');
    await field(page, 'Título').fill(title);

    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    const name = unique('Cliente rápido');
    const email = dialog.getByRole('textbox', { name: /^Email/ });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
    await email.fill('marta.sousa@padariacentral.pt');
    await dialog.getByRole('button', { name: 'Criar cliente' }).click();
    await expect(dialog.getByText('Já existe um cliente com este email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleAtBothWidths(page);
    await expect(page).toHaveURL(/\/proposals\/new$/);

    const newEmail = `${randomUUID().slice(0, 8)}@cliente-rapido.pt`;
    await email.fill(newEmail);
    await dialog.getByRole('textbox', { name: /^Empresa/ }).fill('Rápida, Lda');
    await dialog.getByRole('button', { name: 'Criar cliente' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Cliente ${name} criado e escolhido.`)).toBeVisible();
    await expect(clientPicker(page)).toHaveValue(name);
    // The proposal being written is still there.
    await expect(field(page, 'Título')).toHaveValue(title);
    await field(page, 'Título').press('Enter');

    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    const saved = (await getProposal(page, page.url().split('/').pop() as string)) as ApiProposal & {
      client: { name: string; email: string; company: string };
    };
    expect(saved.client).toMatchObject({ name, email: newEmail, company: 'Rápida, Lda' });
  });

  test("shows 'Título e Cliente são obrigatórios' and stays on the form", { tag: '@desktop' }, async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/proposals/new');
    await field(page, 'Título').press('Enter');
    await expect(page.getByText('Título e Cliente são obrigatórios').first()).toBeVisible();
    await expect(page).toHaveURL(/\/proposals\/new$/);
  });
});

test.describe('proposal list and detail', () => {
  test('filter by status from the sidebar', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto('/proposals');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);

    await sidebar(page)
      .getByRole('link', { name: /^Enviadas/ })
      .click();
    await expect(page).toHaveURL(/\/proposals\?status=sent$/);
    await expect(page.getByRole('radio', { name: /^Enviada/ })).toBeChecked();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    // One check of the whole list at a time: other specs' clients open and answer sent proposals meanwhile, so
    // the list can refetch shorter between two looks at its nth card.
    await expect(cards.filter({ hasNotText: 'Enviada' })).toHaveCount(0);

    const stats = await page.request.get('/api/v1/proposals/stats', { headers: await bearer(page) });
    const rejected = (await stats.json()).data.byStatus.rejected as number;
    await expect(sidebar(page).getByRole('link', { name: /^Rejeitadas/ })).toContainText(String(rejected));
    await sidebar(page)
      .getByRole('link', { name: /^Rejeitadas/ })
      .click();
    await expect(page).toHaveURL(/\/proposals\?status=rejected$/);
    await expect(page.getByText(`A mostrar ${rejected} de ${rejected}`)).toBeVisible();
  });

  test('the sidebar counts follow changes on the next route change', async ({ page, request }) => {
    // A fresh organization, so proposals made by parallel tests cannot move its counts.
    const org = await registerOrganization(request);
    const client = await request.post('/api/v1/clients', {
      headers: org.headers,
      data: { name: 'Cliente Único', email: `cliente-${randomUUID().slice(0, 8)}@exemplo.pt` },
    });
    const clientId = (await client.json()).data.id as string;
    await signIn(page, org.email);
    await openProposalsMenu(page);
    const drafts = sidebar(page).getByRole('link', { name: /^Rascunho/ });
    await expect(drafts).toContainText('0');
    await drafts.click();
    await expect(page).toHaveURL(/\/proposals\?status=draft$/);
    await expect(page.getByText('Nenhuma proposta encontrada')).toBeVisible();

    const created = await request.post('/api/v1/proposals', {
      headers: org.headers,
      data: { title: 'Primeira', clientId },
    });
    expect(created.status()).toBe(201);
    await sidebar(page).getByRole('link', { name: 'Clientes' }).click();
    await expect(drafts).toContainText('1');
  });

  test('edit a proposal', async ({ page }) => {
    await signIn(page, DEMO.sales);
    const proposal = await createProposal(page);
    await page.goto(`/proposals/${proposal.id}`);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}/edit$`));
    await expect(field(page, 'Título')).toHaveValue(proposal.title);
    await expect(clientPicker(page)).not.toHaveValue('');
    await expectAccessible(page);

    const title = unique('Proposta revista');
    await field(page, 'Título').fill(title);
    const item = page.getByRole('group', { name: 'Item 1' });
    await expect(item.getByLabel('Preço unitário (€)')).toHaveValue('125,50');
    await item.getByLabel('Quantidade').fill('4');
    await page.getByRole('button', { name: 'Adicionar bloco' }).click();
    await page.getByRole('group', { name: 'Bloco 2' }).getByLabel('Título do bloco').fill('Prazos');
    await page.getByRole('button', { name: 'Mover bloco 2 para cima' }).click();
    await expect(page.getByRole('group', { name: 'Bloco 1' }).getByLabel('Título do bloco')).toHaveValue(
      'Prazos',
    );
    await field(page, 'Título').press('Enter');

    await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const saved = await getProposal(page, proposal.id);
    expect(saved.title).toBe(title);
    expect(saved.content.items[0]).toMatchObject({ quantity: 4, unitPrice: 12_550 });
    expect(saved.content.blocks.map((b) => b.title)).toEqual(['Prazos', 'Âmbito']);
    await expect(page.getByRole('region', { name: 'Resumo financeiro' })).toContainText(
      money(saved.totalValue),
    );
  });

  test("a manager hands a proposal to another user with 'Responsável'", async ({ page }) => {
    await signIn(page, DEMO.manager);
    const proposal = await createProposal(page, { title: unique('Para passar') });
    await page.goto(`/proposals/${proposal.id}/edit`);
    await expect(field(page, 'Título')).toHaveValue(proposal.title);
    const owner = page.getByRole('combobox', { name: 'Responsável' });
    await expect(owner).toHaveValue('Gonçalo Gomes');
    await expectAccessible(page);

    await owner.click();
    // Active members who can own proposals; the viewer is not offered.
    await expect(page.getByRole('option', { name: 'Luís Lopes' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Vera Vieira' }).click();
    await expect(owner).toHaveValue('Vera Vieira');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}$`));
    await expect(page.getByText('Proposta guardada.')).toBeVisible();
    const ownerFact = page.getByRole('definition').filter({ hasText: 'Vera Vieira' });
    await expect(ownerFact).toBeVisible();
    await expect(ownerFact.getByRole('link', { name: 'vendas@aceite.demo' })).toHaveAttribute(
      'href',
      'mailto:vendas@aceite.demo',
    );
    const saved = (await getProposal(page, proposal.id)) as ApiProposal & { owner: { email: string } };
    expect(saved.owner.email).toBe('vendas@aceite.demo');
  });

  test('delete with confirmation', async ({ page }) => {
    await signIn(page, DEMO.sales);
    const proposal = await createProposal(page, { title: unique('Para eliminar') });
    await page.goto(`/proposals?search=${encodeURIComponent(proposal.title)}`);
    const card = page.getByRole('article').filter({ hasText: proposal.title });
    await expect(card).toHaveCount(1);

    await card.getByRole('button', { name: `Eliminar ${proposal.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar proposta' });
    await expect(confirm).toContainText(proposal.title);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(card).toHaveCount(1);

    await card.getByRole('button', { name: `Eliminar ${proposal.title}` }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`Proposta «${proposal.title}» eliminada.`)).toBeVisible();
    await expect(card).toHaveCount(0);
    const gone = await page.request.get(`/api/v1/proposals/${proposal.id}`, { headers: await bearer(page) });
    expect(gone.status()).toBe(404);
  });

  test('copy the public link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, DEMO.sales);
    const proposal = await createProposal(page);
    await page.goto(`/proposals/${proposal.id}`);
    await page.getByRole('button', { name: 'Copiar link público' }).click();
    await expect(page.getByRole('button', { name: 'Link copiado' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Link público copiado' })).toBeAttached();
    const copied = await page.evaluate('navigator.clipboard.readText()');
    expect(copied).toBe(`${baseURL}/p/${proposal.publicToken}`);
  });

  test('a viewer sees no write actions', async ({ page }) => {
    await signIn(page, DEMO.viewer);
    await page.goto('/proposals');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nova proposta' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar/ })).toHaveCount(0);

    await cards.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
    // Whoever holds the public link can answer as the client: a viewer never gets it (issue 20).
    await expect(page.getByRole('button', { name: 'Copiar link público' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    // Reads the history, attachments and comments, but cannot add to them.
    await expect(page.getByRole('region', { name: 'Histórico de versões' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Anexos' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Comentários' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar por email' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Criar versão' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Adicionar anexo' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Novo comentário' })).toHaveCount(0);

    await page.goto('/proposals/new');
    await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
  });

  test('an unknown proposal says so', async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Proposta não encontrada' })).toBeVisible();
  });
});

test.describe('proposal list and detail on a phone @mobile', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 360 px layout');

  test('the list, a card’s delete confirmation, the detail and the editor fit the screen', async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    const proposal = await createProposal(page, { title: unique('No telemóvel') });

    await page.goto('/proposals');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);

    await page.goto(`/proposals?search=${encodeURIComponent(proposal.title)}`);
    const card = page.getByRole('article').filter({ hasText: proposal.title });
    await expect(card).toHaveCount(1);
    await expectFits(page);
    await card.getByRole('button', { name: `Eliminar ${proposal.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar proposta' });
    await expect(confirm).toContainText(proposal.title);
    await expectFits(page);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();

    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: proposal.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumo financeiro' })).toContainText(
      money(proposal.totalValue),
    );
    await expectFits(page);
    await expectAccessible(page);

    await page.goto(`/proposals/${proposal.id}/edit`);
    await expect(field(page, 'Título')).toHaveValue(proposal.title);
    await expect(page.getByRole('group', { name: 'Item 1' })).toBeVisible();
    await expectFits(page);
    await expectAccessible(page);
  });
});
