import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect as baseExpect,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  expectAccessibleAtBothWidths,
  field,
  navigate,
  signIn,
  signInAt,
  test,
} from './fixtures.ts';
import { linkFromOutbox } from './mail.ts';
import { scaled } from './timing.ts';

// Each test sets up its own people through invitations (emails through the outbox worker) and runs axe on
// several screens: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: scaled(120_000) });
const expect = baseExpect.configure({ timeout: scaled(15_000) });

const TEAM_HAS_MEMBERS =
  'Não é possível remover uma equipa com membros. Remova ou transfira os membros primeiro.';

const unique = () => randomUUID().slice(0, 8);
const newEmail = (prefix = 'pessoa') => `${prefix}-${unique()}@exemplo.pt`;

/** A bearer token for API set-up (the screens under test are always driven through the browser). */
async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method} ${path} → ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Person {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A new member of Demo Lda, invited by `inviterToken` (the demo admin by default) and accepted by API. */
async function createMember(
  request: APIRequestContext,
  options: { role?: 'admin' | 'manager' | 'sales' | 'viewer'; inviterToken?: string; teamId?: string } = {},
): Promise<Person> {
  const inviterToken = options.inviterToken ?? (await apiToken(request, DEMO.admin));
  const suffix = unique();
  const person = {
    email: newEmail('membro'),
    password: `segredo-${suffix}`,
    firstName: 'Membro',
    lastName: `Teste ${suffix}`,
  };
  await apiCall(request, inviterToken, 'POST', '/users/invite', {
    email: person.email,
    role: options.role ?? 'sales',
    teamId: options.teamId ?? null,
  });
  const token = new URL(await linkFromOutbox(person.email, '/accept-invite')).searchParams.get('token');
  const response = await request.post(`/api/v1/invites/${token}/accept`, {
    data: { firstName: person.firstName, lastName: person.lastName, password: person.password },
  });
  expect(response.status()).toBe(201);
  const { user } = ((await response.json()) as { data: { user: { id: string } } }).data;
  return { id: user.id, ...person };
}

async function createTeam(request: APIRequestContext, name: string): Promise<{ id: string }> {
  const token = await apiToken(request, DEMO.admin);
  return apiCall(request, token, 'POST', '/teams', { name, description: null, managerId: null });
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('users and invitations', () => {
  test('an admin invites someone who accepts from the emailed link and lands signed in on /dashboard', async ({
    page,
    browser,
  }) => {
    const email = newEmail('convidado');
    await signInAt(page, '/users', DEMO.admin);
    await expect(page).toHaveTitle(/Utilizadores/);
    await expect(page.getByRole('heading', { level: 1, name: 'Utilizadores' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /admin@aceite\.demo/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Convidar Utilizador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar Utilizador' });
    await expect(dialog.getByRole('combobox', { name: /^Função/ })).toHaveValue('Vendas');
    await expect(dialog.getByRole('combobox', { name: /^Equipa/ })).toHaveValue('Sem equipa');
    await expectAccessible(page);
    await field(page, 'Nome').fill('Inês');
    await field(page, 'Apelido').fill('Rocha');
    await field(page, 'Email').fill(email);
    await field(page, 'Email').press('Enter');
    await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The pending list opens after sending.
    await expect(page.getByRole('tab', { name: /Convites Pendentes/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Inês Rocha');
    await expect(row).toContainText('Vendas');
    await expect(row).toContainText('Ana Almeida');
    await expectAccessible(page);

    const link = await linkFromOutbox(email, '/accept-invite');
    const guest = await browser.newContext();
    try {
      const invited = await guest.newPage();
      const url = new URL(link);
      await invited.goto(url.pathname + url.search);
      await expect(invited).toHaveTitle(/Aceitar convite/);
      await expect(invited.getByText('Demo Lda')).toBeVisible();
      await expect(invited.getByText(email)).toBeVisible();
      await expect(field(invited, 'Nome')).toHaveValue('Inês');
      await expectAccessible(invited);
      await field(invited, 'Password').fill('convite-2026');
      await field(invited, 'Confirmar password').fill('convite-2026');
      await field(invited, 'Confirmar password').press('Enter');
      await expect(invited).toHaveURL(/\/dashboard$/);
      await expect(invited.getByRole('heading', { name: 'Olá, Inês' })).toBeVisible();

      // The link is spent.
      await invited.goto(url.pathname + url.search);
      await expect(invited.getByText('Convite inválido ou expirado')).toBeVisible();
      await expect(invited.getByRole('link', { name: 'Ir para o login' })).toBeVisible();
    } finally {
      await guest.close();
    }

    await page.reload();
    await page.getByRole('tab', { name: /Convites Pendentes/ }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  });

  test('an invitation can be resent and cancelled, each after confirmation', async ({ page }) => {
    const email = newEmail('cancelado');
    await signInAt(page, '/users', DEMO.admin);
    await page.getByRole('button', { name: 'Convidar Utilizador' }).click();
    await field(page, 'Email').fill(email);
    await choose(page, /^Função/, 'Visualizador');
    await field(page, 'Email').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Visualizador');

    await page.getByRole('button', { name: `Reenviar convite para ${email}` }).click();
    await page
      .getByRole('dialog', { name: 'Reenviar convite' })
      .getByRole('button', { name: 'Reenviar' })
      .click();
    await expect(page.getByText(`Convite reenviado para ${email}.`)).toBeVisible();

    await page.getByRole('button', { name: `Cancelar convite para ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar convite' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancelar convite' }).click();
    await expect(row).toHaveCount(0);

    // Its emailed link no longer works.
    const link = new URL(await linkFromOutbox(email, '/accept-invite'));
    await page.goto(link.pathname + link.search);
    await expect(page.getByText('Convite inválido ou expirado')).toBeVisible();
  });

  test("an admin edits a user's role and team, then deactivates them", async ({ page, request }) => {
    const teamName = `Equipa ${unique()}`;
    await createTeam(request, teamName);
    const member = await createMember(request);
    const name = `${member.firstName} ${member.lastName}`;

    await signInAt(page, '/users', DEMO.admin);
    await page.getByLabel('Procurar utilizadores').fill(member.email);
    const row = page.getByRole('row', { name: new RegExp(member.email) });
    await expect(row).toContainText('Sem equipa');
    await page.getByRole('link', { name: `Editar ${name}` }).click();

    await expect(page).toHaveURL(new RegExp(`/users/${member.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Editar Utilizador' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Equipa/ })).toHaveValue('Sem equipa');
    await expectAccessible(page);
    await choose(page, /^Função/, 'Gestor');
    await choose(page, /^Equipa/, teamName);
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page).toHaveURL(/\/users$/);
    await page.getByLabel('Procurar utilizadores').fill(member.email);
    await expect(row).toContainText('Gestor');
    await expect(row).toContainText(teamName);

    // The back link and the team's page agree.
    await page.getByRole('link', { name: `Editar ${name}` }).click();
    await page.getByRole('link', { name: 'Voltar a Utilizadores' }).click();
    await expect(page).toHaveURL(/\/users$/);

    await page.getByLabel('Procurar utilizadores').fill(member.email);
    await page.getByRole('button', { name: `Desativar ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Desativar utilizador' })
      .getByRole('button', { name: 'Desativar' })
      .click();
    await expect(row).toContainText('Inativo');
    await expect(page.getByRole('button', { name: `Desativar ${name}` })).toHaveCount(0);

    // A deactivated account cannot sign in.
    const response = await request.post('/api/v1/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(response.status()).toBe(403);
  });

  test('a non-admin sees the users without invitations or write actions', async ({ page }) => {
    await signInAt(page, '/users', DEMO.sales);
    await page.getByLabel('Procurar utilizadores').fill('vendas@aceite.demo');
    await expect(page.getByRole('row', { name: /vendas@aceite\.demo/ })).toContainText('Vendas');
    // The search lives in the URL: a reload (or a shared link) shows the same list.
    await expect(page).toHaveURL(/search=vendas%40aceite\.demo/);
    await page.reload();
    await expect(page.getByLabel('Procurar utilizadores')).toHaveValue('vendas@aceite.demo');
    await expect(page.getByRole('row', { name: /vendas@aceite\.demo/ })).toContainText('Vendas');
    await expect(page.getByRole('button', { name: 'Convidar Utilizador' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /Convites Pendentes/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(0);
    await page.goto('/users/00000000-0000-4000-8000-000000000000/edit');
    await expect(page).toHaveURL(/\/users$/);
  });
});

test.describe('teams', () => {
  test('a manager creates a team, adds a member and removes them', async ({ page, request }) => {
    const teamName = `Equipa ${unique()}`;
    const member = await createMember(request);
    const memberName = `${member.firstName} ${member.lastName}`;

    await signInAt(page, '/teams', DEMO.manager);
    await expect(page).toHaveTitle(/Equipas/);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Nova Equipa' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nova Equipa' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Gestor/ })).toHaveValue('Sem gestor');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Criar equipa' }).click();
    await expect(page.getByText('O nome da equipa é obrigatório')).toBeVisible();
    await field(page, 'Nome').fill(teamName);
    await field(page, 'Descrição').fill('Equipa criada pelo teste de pessoas.');
    await page.getByRole('combobox', { name: /^Gestor/ }).click();
    await page.getByRole('combobox', { name: /^Gestor/ }).fill('gestor@aceite');
    await page.getByRole('option', { name: /Gonçalo Gomes/ }).click();
    await expect(page.getByRole('combobox', { name: /^Gestor/ })).toHaveValue(
      'Gonçalo Gomes (gestor@aceite.demo)',
    );
    await page.getByRole('button', { name: 'Criar equipa' }).click();

    await expect(page).toHaveURL(/\/teams$/);
    await page.getByLabel('Procurar equipas').fill(teamName);
    const row = page.getByRole('row', { name: new RegExp(teamName) });
    await expect(row).toContainText('Gonçalo Gomes');
    await expect(row).toContainText('0');
    await page.getByRole('link', { name: `Ver ${teamName}` }).click();

    await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
    await expect(page.getByText('Esta equipa ainda não tem membros')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Adicionar Membro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Membro' });
    await expect(dialog.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: /^Utilizador/ }).fill(member.lastName);
    await page.getByRole('option', { name: new RegExp(member.lastName) }).click();
    await expect(dialog.getByRole('button', { name: 'Adicionar' })).toBeEnabled();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Adicionar' }).click();

    const memberRow = page.getByRole('row', { name: new RegExp(member.email) });
    await expect(memberRow).toContainText('Vendas');
    // Only admins edit users.
    await expect(page.getByRole('link', { name: /Editar utilizador/ })).toHaveCount(0);

    // A member is not offered again.
    await page.getByRole('button', { name: 'Adicionar Membro' }).click();
    await dialog.getByRole('combobox', { name: /^Utilizador/ }).fill(member.lastName);
    await expect(page.getByRole('option', { name: new RegExp(member.lastName) })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Remover da equipa: ${memberName}` }).click();
    await expect(memberRow).toHaveCount(0);
    await expect(page.getByText('Esta equipa ainda não tem membros')).toBeVisible();
  });

  test('an empty team is deleted after confirmation; one with members cannot be removed, and the server says why', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const empty = `Vazia ${tag}`;
    const full = `Cheia ${tag}`;
    await createTeam(request, empty);
    const fullTeam = await createTeam(request, full);
    await createMember(request, { teamId: fullTeam.id });

    await signInAt(page, '/teams', DEMO.admin);
    await page.getByLabel('Procurar equipas').fill(tag);
    await expect(page.getByRole('row', { name: new RegExp(full) })).toContainText('1');

    await page.getByRole('button', { name: `Remover ${empty}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover equipa' });
    await expect(confirm).toContainText(empty);
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText(`«${empty}» foi removida.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(empty) })).toHaveCount(0);

    // A team with members offers no 'Remover' that could only fail: it is disabled and says why.
    const removeFull = page.getByRole('button', { name: `Remover ${full}` });
    await expect(removeFull).toBeDisabled();
    await expect(removeFull).toHaveAccessibleDescription('Remova ou transfira os membros primeiro.');
    await expect(page.getByRole('row', { name: new RegExp(full) })).toBeVisible();
    // The server still refuses it (a member added since the list was read).
    const refused = await request.delete(`/api/v1/teams/${fullTeam.id}`, {
      headers: { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.message).toBe(TEAM_HAS_MEMBERS);

    await page.getByLabel('Procurar equipas').fill(`nada-${tag}`);
    await expect(page.getByText('Nenhuma equipa encontrada')).toBeVisible();
    // The search lives in the URL: a reload shows the same answer.
    await page.reload();
    await expect(page.getByLabel('Procurar equipas')).toHaveValue(`nada-${tag}`);
    await expect(page.getByText('Nenhuma equipa encontrada')).toBeVisible();
  });

  test("an unknown team says 'Equipa não encontrada'; a viewer gets no write actions", async ({ page }) => {
    await signInAt(page, '/teams/00000000-0000-4000-8000-000000000000', DEMO.viewer);
    await expect(page.getByText('Equipa não encontrada')).toBeVisible();
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Equipas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nova Equipa' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remover / })).toHaveCount(0);
    await page.goto('/teams/new');
    await expect(page).toHaveURL(/\/teams$/);
  });
});

// The settings flows tagged @desktop run once, in the desktop project, and check each screen at 360 px as well,
// on the spot (expectAccessibleAtBothWidths); the rest here is about a phone too (docs/architecture.md#tests).
test.describe('settings and people screens @mobile', () => {
  test('changes the profile; changing tab clears the message', { tag: '@desktop' }, async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    await signInAt(page, '/settings', member.email, member.password);
    await expect(page).toHaveTitle(/Configurações/);
    await expect(page.getByRole('main').getByText(member.email)).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Idioma/ })).toHaveValue('Português (Portugal)');
    await expect(page.getByRole('combobox', { name: /^Fuso horário/ })).toHaveValue('Lisboa (Europe/Lisbon)');
    await expectAccessibleAtBothWidths(page);

    await field(page, 'Nome').fill('Renata');
    await choose(page, /^Fuso horário/, /Londres/);
    await field(page, 'Nome').press('Enter');
    await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Menu da conta de Renata ${member.lastName}` }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Alterar Password' }).click();
    await page.getByRole('tab', { name: 'Perfil' }).click();
    await expect(page.getByText('Perfil atualizado com sucesso!')).toHaveCount(0);

    await page.reload();
    await expect(field(page, 'Nome')).toHaveValue('Renata');
    await expect(page.getByRole('combobox', { name: /^Fuso horário/ })).toHaveValue(
      'Londres (Europe/London)',
    );
  });

  test('changes the password with the spec messages, then signs in with it', { tag: '@desktop' }, async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    await signInAt(page, '/settings', member.email, member.password);
    await page.getByRole('tab', { name: 'Alterar Password' }).click();
    await expect(page).toHaveURL(/tab=password/);
    await expectAccessibleAtBothWidths(page);

    await field(page, 'Password atual').fill('errada-123');
    await field(page, 'Nova password').fill('12345');
    await field(page, 'Confirmar nova password').fill('123456');
    await field(page, 'Confirmar nova password').press('Enter');
    await expect(page.getByText('A password deve ter pelo menos 6 caracteres')).toBeVisible();
    await expect(page.getByText('As passwords não coincidem')).toBeVisible();

    await field(page, 'Nova password').fill('nova-senha-9');
    await field(page, 'Confirmar nova password').fill('nova-senha-9');
    await field(page, 'Confirmar nova password').press('Enter');
    await expect(page.getByText('A password atual está incorreta')).toBeVisible();

    await field(page, 'Password atual').fill(member.password);
    await field(page, 'Password atual').press('Enter');
    await expect(page.getByText('Password alterada com sucesso!')).toBeVisible();
    await expect(field(page, 'Password atual')).toHaveValue('');

    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.email, 'nova-senha-9');
  });

  test('only an admin sees and saves Organização', { tag: '@desktop' }, async ({ page, browser }) => {
    await signInAt(page, '/settings', DEMO.manager);
    await expect(page.getByRole('tab', { name: 'Perfil' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Organização' })).toHaveCount(0);
    await page.goto('/settings?tab=organizacao');
    await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');

    const adminContext = await browser.newContext({ viewport: page.viewportSize() });
    try {
      const admin = await adminContext.newPage();
      await signInAt(admin, '/settings', DEMO.admin);
      await admin.getByRole('tab', { name: 'Organização' }).click();
      await expect(field(admin, 'Nome da organização')).toHaveValue('Demo Lda');
      await expect(admin.getByRole('textbox', { name: /^Cor da marca/ })).toHaveValue(/^#[0-9a-f]{6}$/i);
      await expect(
        admin.getByText('Sem logótipo').or(admin.getByAltText('Pré-visualização do logótipo')),
      ).toBeVisible();
      // The client's email code before answering is on by default (issue 20).
      await expect(
        admin.getByRole('switch', { name: /^Pedir ao cliente um código enviado por email/ }),
      ).toBeChecked();
      // Saved unchanged: other tests share this organization.
      await admin.getByRole('button', { name: 'Guardar organização' }).click();
      await expect(admin.getByText('Configurações da organização atualizadas com sucesso!')).toBeVisible();

      // Remetente dos emails (issue 40, docs/product.md#white-label): the demo organization is Enterprise. The
      // sender is removed at the end: other tests share this organization (unverified, it changes no email).
      await admin.getByRole('heading', { name: 'Remetente dos emails' }).scrollIntoViewIfNeeded();
      await field(admin, 'Nome do remetente').fill('Demo Lda');
      await field(admin, 'Endereço do remetente').fill('propostas@demo-e2e.pt');
      await admin.getByRole('button', { name: 'Guardar remetente' }).click();
      await expect(admin.getByText(/^s\d{8}[0-9a-f]{6}\._domainkey\.demo-e2e\.pt$/)).toBeVisible();
      await expect(admin.getByText(/^v=DKIM1; k=rsa; p=/)).toBeVisible();
      await expect(admin.getByText('Por verificar')).toBeVisible();
      await expectAccessibleAtBothWidths(admin);
      // No DNS server answers here: both records are missing, and the message names them.
      await admin.getByRole('button', { name: 'Verificar' }).click();
      await expect(admin.getByRole('alert')).toContainText('Falta o registo DKIM.');
      await admin.getByRole('button', { name: 'Remover remetente' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
      await expect(admin.getByText('Remetente removido.')).toBeVisible();
    } finally {
      await adminContext.close();
    }
  });

  test("an admin's uploaded logo appears in the top bar", async ({ page, request }) => {
    // An organization of its own, so the demo organization's brand stays as other tests expect it.
    const suffix = randomUUID().slice(0, 8);
    const email = `marca-${suffix}@exemplo.pt`;
    const organizationName = `Marca ${suffix} Lda`;
    const registered = await request.post('/api/v1/auth/register', {
      data: { email, password: 'Marca-2026!', firstName: 'Marta', lastName: 'Marca', organizationName },
    });
    expect(registered.status()).toBe(201);
    await signInAt(page, '/settings', email, 'Marca-2026!');
    await page.getByRole('tab', { name: 'Organização' }).click();
    await page.getByLabel('Ficheiro do logótipo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(page.getByAltText('Pré-visualização do logótipo')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar organização' }).click();
    await expect(page.getByText('Configurações da organização atualizadas com sucesso!')).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('img', { name: organizationName })).toBeVisible();
    await page.reload();
    await expect(banner.getByRole('img', { name: organizationName })).toBeVisible();
    await expectAccessible(page);
  });

  test('the Notificações tab marks read, filters, pages and deletes', { tag: '@desktop' }, async ({
    page,
    request,
  }) => {
    // A fresh admin of its own, so nothing else adds to or clears these notifications.
    const admin = await createMember(request, { role: 'admin' });
    const adminToken = await apiToken(request, admin.email, admin.password);
    const joiner = await createMember(request, { inviterToken: adminToken });
    const second = await createMember(request, { inviterToken: adminToken });

    await signInAt(page, '/settings', admin.email, admin.password);
    await page.getByRole('tab', { name: 'Notificações' }).click();
    const first = page.getByRole('listitem').filter({ hasText: joiner.lastName });
    const other = page.getByRole('listitem').filter({ hasText: second.lastName });
    await expect(first).toContainText('Convite aceite');
    await expect(first).toContainText(/Agora|Há \d+ min/);
    await expect(first).toContainText('Não lida');
    await expect(page.getByText('Página 1 de 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await expectAccessibleAtBothWidths(page);

    await first.getByRole('button', { name: /^Marcar como lida/ }).click();
    await expect(first).not.toContainText('Não lida');
    await page.getByLabel('Mostrar apenas não lidas').check();
    await expect(first).toHaveCount(0);
    await expect(other).toBeVisible();
    await page.getByLabel('Mostrar apenas não lidas').uncheck();

    await other.getByRole('button', { name: /^Eliminar/ }).click();
    await page
      .getByRole('dialog', { name: 'Eliminar notificação' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(other).toHaveCount(0);

    await page.getByRole('button', { name: 'Eliminar lidas' }).click();
    await page
      .getByRole('dialog', { name: 'Eliminar notificações lidas' })
      .getByRole('button', { name: 'Eliminar lidas' })
      .click();
    await expect(page.getByText('1 notificação eliminada.')).toBeVisible();
    await expect(page.getByText('Nenhuma notificação', { exact: true })).toBeVisible();

    // Changing tab clears the message.
    await page.getByRole('tab', { name: 'Perfil' }).click();
    await page.getByRole('tab', { name: 'Notificações' }).click();
    await expect(page.getByText('1 notificação eliminada.')).toHaveCount(0);
  });

  test('the invitation page reads well and passes axe; the invited person joins from it', async ({
    page,
    request,
  }) => {
    const email = newEmail('telemovel');
    const adminToken = await apiToken(request, DEMO.admin);
    await apiCall(request, adminToken, 'POST', '/users/invite', {
      email,
      firstName: 'Tomás',
      lastName: 'Teles',
      role: 'viewer',
      teamId: null,
    });
    // The emailed link, opened with no session.
    const link = new URL(await linkFromOutbox(email, '/accept-invite'));
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveTitle(/Aceitar convite/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(field(page, 'Nome')).toHaveValue('Tomás');
    await expect(field(page, 'Apelido')).toHaveValue('Teles');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectAccessible(page);

    await field(page, 'Password').fill('telemovel-2026');
    await field(page, 'Confirmar password').fill('outra-2026');
    await page.getByRole('button', { name: 'Aceitar convite e entrar' }).click();
    await expect(page.getByText('As passwords não coincidem')).toBeVisible();
    await expectAccessible(page);
    await field(page, 'Confirmar password').fill('telemovel-2026');
    await field(page, 'Confirmar password').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Tomás' })).toBeVisible();
  });

  test('the Notificações tab pages 20 at a time; only unread and mark all read follow', {
    tag: '@desktop',
  }, async ({ page, request }) => {
    test.slow(); // an organization, an invitation and 21 comments set up through the API
    // An organization of its own, so nothing else adds to or reads these notifications.
    const suffix = unique();
    const owner = { email: `paginas-${suffix}@exemplo.pt`, password: `Paginas-${suffix}` };
    const registered = await request.post('/api/v1/auth/register', {
      data: { ...owner, firstName: 'Paula', lastName: 'Páginas', organizationName: `Páginas ${suffix} Lda` },
    });
    expect(registered.status()).toBe(201);
    const ownerToken = ((await registered.json()) as { data: { accessToken: string } }).data.accessToken;
    // A colleague joins (the owner is told: 'Convite aceite'), then comments 21 times on the owner's
    // proposal (each one tells the owner: 'Novo comentário'): 22 notifications, two pages.
    const colleague = await createMember(request, { role: 'manager', inviterToken: ownerToken });
    const client = await apiCall<{ id: string }>(request, ownerToken, 'POST', '/clients', {
      name: `Cliente ${suffix}`,
      email: `cliente-${suffix}@exemplo.pt`,
    });
    const proposal = await apiCall<{ id: string }>(request, ownerToken, 'POST', '/proposals', {
      title: `Proposta ${suffix}`,
      clientId: client.id,
    });
    const colleagueToken = await apiToken(request, colleague.email, colleague.password);
    for (let i = 1; i <= 21; i++) {
      await apiCall(request, colleagueToken, 'POST', `/proposals/${proposal.id}/comments`, {
        content: `Comentário ${i}`,
      });
    }

    await signIn(page, owner.email, owner.password);
    await expect(page.getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName(
      'Notificações, 22 não lidas',
    );
    await expect(page.getByTestId('unread-badge')).toHaveText('9+');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notificações' }).click();
    const items = page.getByRole('list', { name: 'Notificações' }).getByRole('listitem');
    const previous = page.getByRole('button', { name: 'Anterior' });
    const next = page.getByRole('button', { name: 'Próxima' });
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await expect(items).toHaveCount(20);
    await expect(items.filter({ hasText: 'Novo comentário' })).toHaveCount(20);
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expectAccessibleAtBothWidths(page);

    // The oldest two on the second page: the last comment's notice and the invitation's.
    await next.click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(items).toHaveCount(2);
    const joined = items.filter({ hasText: 'Convite aceite' });
    const comment = items.filter({ hasText: 'Novo comentário' });
    await expect(joined).toContainText(colleague.lastName);
    await expect(previous).toBeEnabled();
    await expect(next).toBeDisabled();
    await joined.getByRole('button', { name: /^Marcar como lida/ }).click();
    await expect(joined).not.toContainText('Não lida');
    await comment.getByRole('button', { name: /^Marcar como lida/ }).click();
    await expect(comment).not.toContainText('Não lida');

    await previous.click();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await expect(items).toHaveCount(20);
    await expect(previous).toBeDisabled();

    // 20 left unread: one page.
    await page.getByLabel('Mostrar apenas não lidas').check();
    await expect(page.getByText('Página 1 de 1')).toBeVisible();
    await expect(items).toHaveCount(20);
    await expect(items.filter({ hasText: 'Não lida' })).toHaveCount(20);
    await expect(items.filter({ hasText: 'Convite aceite' })).toHaveCount(0);
    await expect(next).toBeDisabled();

    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByText('20 notificações marcadas como lidas.')).toBeVisible();
    await expect(page.getByText('Nenhuma notificação por ler')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName('Notificações');
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);

    await page.getByLabel('Mostrar apenas não lidas').uncheck();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await expect(items).toHaveCount(20);
    await expect(items.filter({ hasText: 'Não lida' })).toHaveCount(0);
    await next.click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'Não lida' })).toHaveCount(0);
  });

  // One test walks through the people screens inside the app (one sign-in and one load of the app, each screen
  // a step), in each project: a test per screen paid a browser context, a sign-in and a load each
  // (docs/architecture.md#tests).
  const PEOPLE_SCREENS: ReadonlyArray<{
    name: string;
    /** Its level-1 heading: a step waits for it, so it never checks the screen it came from. */
    heading: (teamName: string) => string;
    url: (ids: { team: string; member: string }) => string;
    ready: (page: Page, member: Person) => ReturnType<Page['getByRole']>;
  }> = [
    {
      name: 'users',
      heading: () => 'Utilizadores',
      url: () => '/users',
      ready: (page) => page.getByRole('link', { name: /^Editar / }).first(),
    },
    {
      name: 'teams',
      heading: () => 'Equipas',
      url: () => '/teams',
      ready: (page) => page.getByRole('link', { name: 'Nova Equipa' }),
    },
    {
      name: 'team detail',
      heading: (teamName) => teamName,
      url: ({ team }) => `/teams/${team}`,
      ready: (page, member) => page.getByRole('main').getByText(member.email),
    },
    {
      name: 'team edit',
      heading: () => 'Editar Equipa',
      url: ({ team }) => `/teams/${team}/edit`,
      ready: (page) => field(page, 'Nome'),
    },
    {
      name: 'new team',
      heading: () => 'Nova Equipa',
      url: () => '/teams/new',
      ready: (page) => page.getByRole('combobox', { name: /^Gestor/ }),
    },
    {
      name: 'user edit',
      heading: () => 'Editar Utilizador',
      url: ({ member }) => `/users/${member}/edit`,
      ready: (page) => page.getByRole('combobox', { name: /^Equipa/ }),
    },
  ];
  test('the people screens, the pending invitations tab and the settings tabs read well, fit and pass axe', async ({
    page,
    request,
  }) => {
    // A team of its own with one member, for the team and user screens.
    const teamName = `Equipa ${unique()}`;
    const team = (await createTeam(request, teamName)).id;
    const member = await createMember(request, { teamId: team });
    const ids = { team, member: member.id };
    for (const [index, screen] of PEOPLE_SCREENS.entries()) {
      await test.step(`the ${screen.name} screen`, async () => {
        if (index === 0) await signInAt(page, screen.url(ids), DEMO.admin);
        else await navigate(page, screen.url(ids));
        await expect(
          page.getByRole('heading', { level: 1, name: screen.heading(teamName), exact: true }),
        ).toBeVisible();
        await expect(page.getByText(/A carregar/)).toHaveCount(0);
        await expect(screen.ready(page, member)).toBeVisible();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          page.viewportSize()?.width ?? 0,
        );
        await expectAccessible(page);
      });
    }

    await test.step("an admin's eight settings tabs (Plano, issue 38; Pagamentos, issue 39; Segurança, issue 40) stay on one row", async () => {
      await navigate(page, '/settings');
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(8);
      const tops = await tabs.evaluateAll((els) =>
        els.map((el) => Math.round(el.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      // Reachable without scrolling the page sideways.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await page.getByRole('tab', { name: 'Organização' }).click();
      await expect(page.getByRole('tab', { name: 'Organização' })).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page);
    });

    await test.step('the pending invitations tab', async () => {
      await navigate(page, '/users');
      await page.getByRole('tab', { name: /Convites Pendentes/ }).click();
      // Only the shown panel: Mantine keeps the other one in the DOM under React's <Activity mode="hidden">,
      // which may still hold its loading text when the tab was switched before its list arrived.
      await expect(
        page.getByRole('tabpanel', { name: 'Convites Pendentes' }).getByText(/A carregar/),
      ).toHaveCount(0);
      await expectAccessible(page);
    });
  });
});
