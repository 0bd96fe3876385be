import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, field, signIn, test } from './fixtures.ts';

// The dashboard, the analytics report and the notification bell (issue 8). Other specs add proposals to the
// demo organization while these run, so figures are compared with the API inside `toPass` (read both again
// until they agree) instead of being pinned.

interface Overview {
  totalProposals: number;
  totalValue: number;
  acceptedProposals: number;
  acceptedValue: number;
  sentProposals: number;
  conversionRate: number;
  avgProposalValue: number;
  totalClients: number;
  activeUsers: number;
}

/** For the first figures of a screen: screens and their data load lazily and can be slow on a busy machine. */
const expectLoaded = expect.configure({ timeout: 20_000 });

const COUNT = new Intl.NumberFormat('pt-PT');
const PERCENT = new Intl.NumberFormat('pt-PT', { style: 'percent', maximumFractionDigits: 1 });
const EUR = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' });
const count = (n: number) => COUNT.format(n);
/** Cents as the app shows them (the same Intl format as `formatMoney` of the shared package). */
const formatMoney = (cents: number) => EUR.format(cents / 100);
const percent = (p: number) => PERCENT.format(p / 100);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s');

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A card of the dashboard or the report: a `group` named by its label. */
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** The card reads "<label> <figure> …" (its figure right after the label, nothing else before it). */
async function expectFigure(page: Page, label: string, figure: string, timeout = 2_000): Promise<void> {
  await expect(card(page, label)).toHaveText(
    new RegExp(`^${escapeRegExp(label)}\\s+${escapeRegExp(figure)}(\\s|$)`),
    {
      useInnerText: true,
      timeout,
    },
  );
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${String(token)}` },
  });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function cardsLoaded(page: Page, labels: string[]): Promise<void> {
  for (const label of labels) {
    await expectLoaded(card(page, label)).toBeVisible();
    await expect(card(page, label)).not.toHaveAttribute('aria-busy', 'true');
  }
}

const DASHBOARD_CARDS = [
  'Total de propostas',
  'Valor total',
  'Valor aceite',
  'Taxa de conversão',
  'Total de clientes',
  'Utilizadores ativos',
  'Valor médio',
];

test.describe('dashboard', () => {
  test('shows the seven cards with the demo figures, equal to the API', async ({ page }) => {
    test.slow(); // compares with the API until other specs stop changing the figures
    await signIn(page, DEMO.manager);
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Gonçalo' })).toBeVisible();

    await expect(async () => {
      await page.reload();
      await cardsLoaded(page, DASHBOARD_CARDS);
      const o = await apiGet<Overview>(page, '/analytics/overview');
      // The demo organization: 40 proposals (one cancelled, so 39 count), 15 clients, 4 people.
      expect(o.totalProposals).toBeGreaterThanOrEqual(39);
      expect(o.totalClients).toBeGreaterThanOrEqual(15);
      expect(o.activeUsers).toBeGreaterThanOrEqual(4);
      await expectFigure(page, 'Total de propostas', count(o.totalProposals));
      await expectFigure(page, 'Valor total', formatMoney(o.totalValue));
      await expectFigure(page, 'Valor aceite', formatMoney(o.acceptedValue));
      await expectFigure(page, 'Taxa de conversão', percent(o.conversionRate));
      await expectFigure(page, 'Total de clientes', count(o.totalClients));
      await expectFigure(page, 'Utilizadores ativos', count(o.activeUsers));
      await expectFigure(page, 'Valor médio', formatMoney(o.avgProposalValue));
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Resumo' }).getByRole('group')).toHaveCount(7);

    const top = page.getByRole('region', { name: 'Principais clientes' });
    await expect(top.getByRole('listitem')).toHaveCount(5);
    await top.getByRole('link', { name: /Ver analytics/ }).click();
    await expect(page).toHaveURL(/\/analytics$/);
  });

  test('recent activity lists the 10 latest proposals; a click opens the proposal', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const recent = page.getByRole('region', { name: 'Atividade recente' });
    await expectLoaded(recent.getByRole('listitem')).toHaveCount(10);
    await expect(recent.getByRole('link', { name: /Ver todas/ })).toHaveAttribute('href', '/proposals');

    const first = recent.getByRole('listitem').first().getByRole('link');
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/proposals\/[0-9a-f-]{36}$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`), { timeout: 15_000 });
  });

  test('quick actions: all four for sales, only the reading ones for a viewer', async ({ browser }) => {
    test.slow(); // two sign-ins
    for (const [email, expected] of [
      [DEMO.sales, ['/proposals/new', '/proposals', '/clients/new', '/analytics']],
      [DEMO.viewer, ['/proposals', '/analytics']],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, email);
      const links = page.getByRole('region', { name: 'Ações rápidas' }).getByRole('link');
      await expectLoaded(links).toHaveCount(expected.length);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(expected);
      await context.close();
    }
  });
});

test.describe('analytics report', () => {
  test("filters change the figures, stay in the URL, and 'Limpar Filtros' resets them", async ({ page }) => {
    test.slow(); // many steps, each waiting for fresh figures
    await signIn(page, DEMO.manager);
    await page.goto('/analytics');
    await expectLoaded(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    const labels = [
      'Total de propostas',
      'Propostas aceites',
      'Taxa de conversão',
      'Valor médio por proposta',
    ];
    await cardsLoaded(page, labels);
    await expect(page.getByRole('button', { name: 'Limpar Filtros' })).toBeDisabled();

    // Past dates only: proposals other specs create now cannot move these figures.
    const start = isoDaysAgo(200);
    const end = isoDaysAgo(2);
    await field(page, 'Data inicial').fill(start);
    await field(page, 'Data final').fill(end);
    await page.getByRole('combobox', { name: 'Utilizador' }).click();
    await page.getByRole('option', { name: 'Gonçalo Gomes' }).click();
    await expect(page).toHaveURL(/userId=[0-9a-f-]{36}/);
    const url = new URL(page.url());
    expect(url.searchParams.get('startDate')).toBe(start);
    expect(url.searchParams.get('endDate')).toBe(end);

    const query = `startDate=${start}&endDate=${end}&userId=${url.searchParams.get('userId')}`;
    const filtered = await apiGet<Overview>(page, `/analytics/overview?${query}`);
    const all = await apiGet<Overview>(page, '/analytics/overview');
    expect(filtered.totalProposals).toBeLessThan(all.totalProposals);
    await expectFigure(page, 'Total de propostas', count(filtered.totalProposals), 7_000);
    await expectFigure(page, 'Propostas aceites', count(filtered.acceptedProposals));
    await expectFigure(page, 'Taxa de conversão', percent(filtered.conversionRate));
    await expectFigure(page, 'Valor médio por proposta', formatMoney(filtered.avgProposalValue));
    await expect(card(page, 'Propostas aceites')).toContainText(
      new RegExp(`Valor aceite: ${escapeRegExp(formatMoney(filtered.acceptedValue))}`),
    );

    // The user filter leaves one person in the table; reloading keeps the filters.
    const users = page.getByRole('region', { name: 'Performance por Utilizador' });
    await expect(users.getByRole('row')).toHaveCount(2);
    await expect(users.getByRole('row', { name: /Gonçalo Gomes/ })).toContainText('gestor@aceite.demo');
    const [gestor] = await apiGet<{ conversionRate: number }[]>(
      page,
      `/analytics/proposals-by-user?${query}`,
    );
    await expect(users.getByRole('progressbar', { name: 'Conversão de Gonçalo Gomes' })).toHaveAttribute(
      'aria-valuenow',
      String(gestor?.conversionRate),
    );
    await expect(users.getByRole('row', { name: /Gonçalo Gomes/ })).toContainText(
      new RegExp(escapeRegExp(percent(gestor?.conversionRate ?? Number.NaN))),
    );
    await page.reload();
    await expectLoaded(field(page, 'Data inicial')).toHaveValue(start);
    await expect(page.getByRole('combobox', { name: 'Utilizador' })).toHaveValue('Gonçalo Gomes');
    await expectFigure(page, 'Total de propostas', count(filtered.totalProposals), 7_000);

    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(field(page, 'Data inicial')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Utilizador' })).toHaveValue('');
    await expect(async () => {
      const now = await apiGet<Overview>(page, '/analytics/overview');
      await expectFigure(page, 'Total de propostas', count(now.totalProposals));
    }).toPass({ timeout: 20_000 });
    await expect(users.getByRole('row')).not.toHaveCount(2);
  });

  test("shows teams, the top 10 clients with accepted counts, and 'Nenhum dado disponível' when empty", async ({
    page,
  }) => {
    test.slow(); // the report twice, with and without data
    await signIn(page, DEMO.admin);
    await page.goto('/analytics');
    const teams = page.getByRole('region', { name: 'Performance por Equipa' });
    await expectLoaded(teams.getByText('Equipa Lisboa')).toBeVisible();
    await expect(teams.getByText('Equipa Porto')).toBeVisible();
    const clients = page.getByRole('region', { name: 'Top 10 Clientes' });
    await expect(clients.getByRole('listitem')).toHaveCount(10);
    await expect(clients.getByRole('listitem').first()).toContainText(/\d+ (aceite|aceites)/);
    const chart = page.getByRole('region', { name: 'Propostas ao longo do tempo' });
    await expect(chart.getByRole('table', { name: 'Propostas e valor por mês' })).toBeAttached();

    // A day before the demo data began: nothing in scope.
    await page.goto(`/analytics?startDate=2000-01-01&endDate=2000-01-31`);
    await expectFigure(page, 'Total de propostas', '0', 7_000);
    await expect(page.getByText('Nenhum dado disponível')).toHaveCount(4);
  });
});

/** A fresh organization of its own, so no other spec's events reach this bell while the test runs. */
async function registerOwner(request: APIRequestContext) {
  const email = `sino-${randomUUID().slice(0, 8)}@exemplo.pt`;
  const password = 'Sino-2026!';
  const res = await request.post('/api/v1/auth/register', {
    data: { email, password, firstName: 'Sónia', lastName: 'Sino', organizationName: 'Sino Lda' },
  });
  expect(res.status()).toBe(201);
  const accessToken = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  return { email, password, headers: { Authorization: `Bearer ${accessToken}` } };
}

/** The owner sends a proposal; the client opens its public link (no login): the owner gets proposal_viewed. */
async function proposalViewedByClient(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
) {
  const id = randomUUID().slice(0, 8);
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Cliente ${id}`, email: `cliente-${id}@exemplo.pt` },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { data: { id: string } }).data.id;
  const created = await request.post('/api/v1/proposals', {
    headers,
    data: { title, clientId, status: 'sent' },
  });
  expect(created.status()).toBe(201);
  const proposal = ((await created.json()) as { data: { id: string; publicToken: string } }).data;
  const view = await request.get(`/api/v1/public/proposals/${proposal.publicToken}`);
  expect(view.status()).toBe(200);
  return proposal;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações/ });
const item = (page: Page, title: string): Locator => page.getByRole('menuitem', { name: new RegExp(title) });

test.describe('insights at any width @mobile', () => {
  test('dashboard and analytics pass axe and fit the screen', async ({ page }) => {
    test.slow(); // two axe scans
    await signIn(page, DEMO.sales);
    await cardsLoaded(page, DASHBOARD_CARDS);
    await expect(page.getByRole('region', { name: 'Atividade recente' }).getByRole('listitem')).toHaveCount(
      10,
    );
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto('/analytics');
    await cardsLoaded(page, ['Total de propostas', 'Propostas aceites']);
    await expect(page.getByRole('region', { name: 'Top 10 Clientes' }).getByRole('listitem')).toHaveCount(10);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the bell: badge after a client views a proposal; a click opens it and marks it read; mark all read', async ({
    page,
    request,
  }) => {
    test.slow(); // a dozen API calls, an axe scan and three screens
    const owner = await registerOwner(request);
    await signIn(page, owner.email, owner.password);
    await expect(bell(page)).toHaveAccessibleName('Notificações');

    const first = await proposalViewedByClient(request, owner.headers, 'Loja online da Sónia');
    await proposalViewedByClient(request, owner.headers, 'Campanha de verão da Sónia');
    // The bell polls every 30 s; a reload asks at once.
    await page.reload();
    await expectLoaded(bell(page)).toHaveAccessibleName('Notificações, 2 não lidas');
    await expect(page.getByTestId('unread-badge')).toHaveText('2');

    await bell(page).click();
    await expectLoaded(page.getByRole('menuitem')).toHaveCount(3); // two notifications and 'Marcar todas como lidas'
    const loja = item(page, 'Loja online da Sónia');
    await expect(loja).toContainText('Proposta visualizada');
    await expect(loja).toContainText(/Agora|Há \d+ min/);
    await expect(loja).toContainText('Não lida');
    await expectAccessible(page);

    await loja.click();
    // The detail screen's code loads before the URL changes.
    await expect(page).toHaveURL(new RegExp(`/proposals/${first.id}$`), { timeout: 15_000 });
    await expect(bell(page)).toHaveAccessibleName('Notificações, 1 não lida');
    await bell(page).click();
    await expect(item(page, 'Loja online da Sónia')).not.toContainText('Não lida');
    await expect(item(page, 'Campanha de verão da Sónia')).toContainText('Não lida');

    await page.getByRole('menuitem', { name: 'Marcar todas como lidas' }).click();
    await expect(item(page, 'Campanha de verão da Sónia')).not.toContainText('Não lida');
    await expect(bell(page)).toHaveAccessibleName('Notificações');
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notificações');
  });

  test("the bell is keyboard navigable and says 'Sem notificações' when empty", async ({ page, request }) => {
    const owner = await registerOwner(request);
    await signIn(page, owner.email, owner.password);
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await expectLoaded(page.getByText('Sem notificações')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Sem notificações')).toBeHidden();

    await proposalViewedByClient(request, owner.headers, 'Auditoria SEO da Sónia');
    await page.reload();
    await expectLoaded(bell(page)).toHaveAccessibleName('Notificações, 1 não lida');
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await expect(item(page, 'Auditoria SEO da Sónia')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Marcar todas como lidas' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'Auditoria SEO da Sónia')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect(bell(page)).toHaveAccessibleName('Notificações');
  });
});
