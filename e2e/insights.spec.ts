import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectAccessible,
  expectAccessibleAtBothWidths,
  field,
  signIn,
  test,
} from './fixtures.ts';
import { answerCodeViaApi, enterAnswerCode } from './mail.ts';
import { shownVersionViaApi } from './shown.ts';
import { scaled } from './timing.ts';

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
  cancelledProposals: number;
  openProposals: number;
  openValue: number;
}

interface TeamPerformance {
  teamId: string;
  teamName: string;
  proposalCount: number;
  acceptedCount: number;
  totalValue: number;
  conversionRate: number;
}

interface TopClient {
  clientId: string;
  clientName: string;
  clientCompany: string | null;
  proposalCount: number;
  acceptedCount: number;
  totalValue: number;
}

/** For the first figures of a screen: screens and their data load lazily and can be slow on a busy machine. */
const expectLoaded = expect.configure({ timeout: scaled(20_000) });

// One grouping everywhere, 4 digits included (docs/decisions.md, "Issue 37 — one money grouping, pt-PT words,
// the client's page without the team's tracking").
const COUNT = new Intl.NumberFormat('pt-PT', { useGrouping: 'always' });
const DECIMAL = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });
const EUR = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const count = (n: number) => COUNT.format(n);
/** Cents as the app shows them (the same Intl format as `formatMoney` of the shared package). */
const formatMoney = (cents: number) => EUR.format(cents / 100);
/** One percent style in the product: '33,3 %', a no-break space before the sign. */
const percent = (p: number) => `${DECIMAL.format(p)}\u00a0%`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s');

/** "12 propostas · 3 aceites" as a pattern, singular at 1. */
const tally = (proposals: number, accepted: number) =>
  escapeRegExp(
    `${count(proposals)} ${proposals === 1 ? 'proposta' : 'propostas'} · ${count(accepted)} ${accepted === 1 ? 'aceite' : 'aceites'}`,
  );

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as the date fields write it, day first. */
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

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
  'Valor de todas as propostas',
  'Valor em aberto',
  'Valor aceite',
  'Taxa de conversão',
  'Total de clientes',
  'Utilizadores ativos',
  'Valor médio',
];

test.describe('dashboard', () => {
  test('shows the eight cards with the demo figures, equal to the API and to the list', async ({ page }) => {
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
      // The proposals list counts cancelled proposals too: so does the dashboard, and says how many.
      const list = await page.request.get('/api/v1/proposals?limit=1', {
        headers: {
          Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
        },
      });
      const listTotal = ((await list.json()) as { pagination: { total: number } }).pagination.total;
      expect(o.totalProposals + o.cancelledProposals).toBe(listTotal);
      await expectFigure(page, 'Total de propostas', count(listTotal));
      await expectFigure(page, 'Valor de todas as propostas', formatMoney(o.totalValue));
      await expectFigure(page, 'Valor em aberto', formatMoney(o.openValue));
      await expectFigure(page, 'Valor aceite', formatMoney(o.acceptedValue));
      await expectFigure(page, 'Taxa de conversão', percent(o.conversionRate));
      await expectFigure(page, 'Total de clientes', count(o.totalClients));
      await expectFigure(page, 'Utilizadores ativos', count(o.activeUsers));
      await expectFigure(page, 'Valor médio', formatMoney(o.avgProposalValue));
    }).toPass({ timeout: scaled(60_000) });
    await expect(page.getByRole('region', { name: 'Resumo' }).getByRole('group')).toHaveCount(8);

    const top = page.getByRole('region', { name: 'Principais clientes' });
    await expect(top.getByRole('listitem')).toHaveCount(5);
    await top.getByRole('link', { name: /Ver análises/ }).click();
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
    await expect(page).toHaveURL(new RegExp(`${href}$`), { timeout: scaled(15_000) });
  });

  test('recent activity shows the total the client accepted, with the original offer under it', async ({
    page,
    request,
  }) => {
    // Its own organization: the demo one's 10 latest proposals change while other specs run.
    const owner = await registerOwner(request);
    const { headers } = owner;
    const id = randomUUID().slice(0, 8);
    const clientEmail = `escolha-${id}@exemplo.pt`;
    const client = await request.post('/api/v1/clients', {
      headers,
      data: { name: `Cliente ${id}`, email: clientEmail },
    });
    expect(client.status()).toBe(201);
    const title = `Escolha ${id}`;
    const created = await request.post('/api/v1/proposals', {
      headers,
      data: {
        title,
        clientId: ((await client.json()) as { data: { id: string } }).data.id,
        status: 'sent',
        taxRate: 23,
        content: {
          blocks: [],
          items: [
            { name: 'Alojamento', quantity: 12, unitPrice: 1_000, minQuantity: 6, maxQuantity: 24 },
            { name: 'Logótipo', quantity: 1, unitPrice: 20_000, optional: 'unselected' },
          ],
        },
      },
    });
    expect(created.status()).toBe(201);
    const { publicToken } = ((await created.json()) as { data: { publicToken: string } }).data;
    // The client takes the logo and a 13th month: 330 € + IVA = 405,90 € instead of the offer's 147,60 €.
    const code = await answerCodeViaApi(request, publicToken, clientEmail, title);
    const accepted = await request.post(`/api/v1/public/proposals/${publicToken}/accept`, {
      data: {
        code,
        ...(await shownVersionViaApi(request, publicToken)),
        choice: {
          items: [
            { index: 0, selected: true, quantity: 13 },
            { index: 1, selected: true, quantity: 1 },
          ],
        },
      },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // docs/product.md#signed-figures: the dashboard shows what was agreed, on a desktop and on a phone.
    await signIn(page, owner.email, owner.password);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      const row = page.getByRole('region', { name: 'Atividade recente' }).getByRole('listitem').filter({
        hasText: title,
      });
      await expect(row).toContainText('Aceite');
      await expect(row).toContainText(/405,90\s€/);
      await expect(row.getByTestId('original-total')).toHaveText(/Proposta original: 147,60\s€/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });

  test('quick actions: all four for sales, only the reading ones for a viewer', async ({ browser }) => {
    test.slow(); // two sign-ins
    // 'Nova proposta' is a button: it offers a blank proposal or a template.
    for (const [email, expected, newProposal] of [
      [DEMO.sales, ['/proposals', '/clients/new', '/analytics'], 1],
      [DEMO.viewer, ['/proposals', '/analytics'], 0],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, email);
      const region = page.getByRole('region', { name: 'Ações rápidas' });
      const links = region.getByRole('link');
      await expectLoaded(links).toHaveCount(expected.length);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(expected);
      await expect(region.getByRole('button', { name: /Nova proposta/ })).toHaveCount(newProposal);
      await context.close();
    }
  });

  test('quick-action cards show a focus ring when reached with the keyboard', async ({ page }) => {
    await signIn(page, DEMO.sales);
    const region = page.getByRole('region', { name: 'Ações rápidas' });
    await region.getByRole('button', { name: /Nova proposta/ }).focus();
    await page.keyboard.press('Tab');
    const card = region.getByRole('link', { name: /Ver propostas/ });
    await expect(card).toBeFocused();
    const outline = await card.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });
});

test.describe('analytics report', () => {
  test("filters change the figures, stay in the URL, and 'Limpar Filtros' resets them", async ({ page }) => {
    test.slow(); // many steps, each waiting for fresh figures
    await signIn(page, DEMO.manager);
    await page.goto('/analytics');
    await expectLoaded(page.getByRole('heading', { level: 1, name: 'Análises' })).toBeVisible();
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
    await expect(field(page, 'Data inicial')).toBeEnabled();
    await field(page, 'Data inicial').fill(dayFirst(start));
    await field(page, 'Data inicial').press('Escape');
    await field(page, 'Data final').fill(dayFirst(end));
    await field(page, 'Data final').press('Escape');
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
    const users = page.getByRole('region', { name: 'Desempenho por utilizador' });
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
    await expectLoaded(field(page, 'Data inicial')).toHaveValue(dayFirst(start));
    await expect(page.getByRole('combobox', { name: 'Utilizador' })).toHaveValue('Gonçalo Gomes');
    await expectFigure(page, 'Total de propostas', count(filtered.totalProposals), 7_000);

    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(field(page, 'Data inicial')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Utilizador' })).toHaveValue('');
    await expect(async () => {
      const now = await apiGet<Overview>(page, '/analytics/overview');
      await expectFigure(page, 'Total de propostas', count(now.totalProposals));
    }).toPass({ timeout: scaled(20_000) });
    await expect(users.getByRole('row')).not.toHaveCount(2);
  });

  test("shows teams, the top 10 clients with accepted counts, and 'Nenhum dado disponível' when empty", async ({
    page,
  }) => {
    test.slow(); // the report twice, with and without data
    await signIn(page, DEMO.admin);
    await page.goto('/analytics');
    const teams = page.getByRole('region', { name: 'Desempenho por equipa' });
    await expectLoaded(teams.getByText('Equipa Lisboa')).toBeVisible();
    await expect(teams.getByText('Equipa Porto')).toBeVisible();
    const clients = page.getByRole('region', { name: 'Os 10 melhores clientes' });
    await expect(clients.getByRole('listitem')).toHaveCount(10);
    await expect(clients.getByRole('listitem').first()).toContainText(/\d+ (aceite|aceites)/);

    // Every team and every top client as the API has them, in its order (read again until both agree).
    await expect(async () => {
      await page.reload();
      await expectLoaded(teams.getByText('Equipa Lisboa')).toBeVisible();
      const byTeam = await apiGet<TeamPerformance[]>(page, '/analytics/proposals-by-team');
      const top = await apiGet<TopClient[]>(page, '/analytics/top-clients?limit=10');
      expect(byTeam.map((t) => t.teamName)).toEqual(
        expect.arrayContaining(['Equipa Lisboa', 'Equipa Porto']),
      );
      expect(top).toHaveLength(10);
      const teamItems = teams.getByRole('listitem');
      await expect(teamItems).toHaveCount(byTeam.length, { timeout: scaled(2_000) });
      for (const [index, t] of byTeam.entries()) {
        await expect(teamItems.nth(index)).toHaveText(
          new RegExp(
            `^\\s*${escapeRegExp(t.teamName)}\\s+${tally(t.proposalCount, t.acceptedCount)}\\s+` +
              `${escapeRegExp(formatMoney(t.totalValue))}\\s+${escapeRegExp(percent(t.conversionRate))}\\s*$`,
          ),
          { useInnerText: true, timeout: scaled(2_000) },
        );
        await expect(
          teamItems.nth(index).getByRole('progressbar', { name: `Conversão da equipa ${t.teamName}` }),
        ).toHaveAttribute('aria-valuenow', String(Math.min(100, Math.max(0, t.conversionRate))));
      }
      const clientItems = clients.getByRole('listitem');
      await expect(clientItems).toHaveCount(10, { timeout: scaled(2_000) });
      for (const [index, c] of top.entries()) {
        const company = c.clientCompany ? `${escapeRegExp(c.clientCompany)}\\s+` : '';
        await expect(clientItems.nth(index)).toHaveText(
          new RegExp(
            `^\\s*${index + 1}\\s+${escapeRegExp(c.clientName)}\\s+${company}` +
              `${tally(c.proposalCount, c.acceptedCount)}\\s+${escapeRegExp(formatMoney(c.totalValue))}\\s*$`,
          ),
          { useInnerText: true, timeout: scaled(2_000) },
        );
      }
    }).toPass({ timeout: scaled(60_000) });
    const chart = page.getByRole('region', { name: 'Propostas ao longo do tempo' });
    await expect(chart.getByRole('table', { name: 'Propostas e valor por mês' })).toBeAttached();

    // A day before the demo data began: nothing in scope.
    await page.goto(`/analytics?startDate=2000-01-01&endDate=2000-01-31`);
    await expectFigure(page, 'Total de propostas', '0', 7_000);
    // Users, teams, top clients, the chart and the loss reasons (docs/product.md#rejection-reasons).
    await expect(page.getByText('Nenhum dado disponível')).toHaveCount(5);
    await expect(
      page.getByRole('region', { name: 'Motivos de perda' }).getByText('Nenhum dado disponível'),
    ).toBeVisible();
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
    await expect(
      page.getByRole('region', { name: 'Os 10 melhores clientes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the bell: badge after a client views a proposal; a click opens it and marks it read; mark all read', {
    tag: '@desktop',
  }, async ({ page, request }) => {
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
    // Two notifications, 'Marcar todas como lidas' and 'Ver todas as notificações'.
    await expectLoaded(page.getByRole('menuitem')).toHaveCount(4);
    const loja = item(page, 'Loja online da Sónia');
    await expect(loja).toContainText('Proposta visualizada');
    await expect(loja).toContainText(/Agora|Há \d+ min/);
    await expect(loja).toContainText('Não lida');
    await expectAccessibleAtBothWidths(page);

    await loja.click();
    // The detail screen's code loads before the URL changes.
    await expect(page).toHaveURL(new RegExp(`/proposals/${first.id}$`), { timeout: scaled(15_000) });
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

  test("the bell is keyboard navigable and says 'Sem notificações' when empty", { tag: '@desktop' }, async ({
    page,
    request,
  }) => {
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
    await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/, { timeout: scaled(15_000) });
    await expect(bell(page)).toHaveAccessibleName('Notificações');
  });
});

/** A call of the signed-in person of `page` (API set-up for the screen under test). */
async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${String(token)}` },
    data,
  });
  expect(response.status(), path).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

test.describe("a client's answer reaches the owner's bell", () => {
  test('the client accepts on the public page; the bell shows it unread, a click opens the proposal and reads it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // two browser contexts and several screens
    await signIn(page, DEMO.sales);
    const tag = randomUUID().slice(0, 8);
    const title = `Renovação da loja ${tag}`;
    const client = await apiPost<{ id: string }>(page, '/clients', {
      name: `Cliente ${tag}`,
      email: `cliente-${tag}@exemplo.pt`,
    });
    const proposal = await apiPost<{ id: string; publicToken: string }>(page, '/proposals', {
      title,
      clientId: client.id,
      status: 'sent',
    });
    // The owner has the app open on the proposals list.
    await page.goto('/proposals');
    await expectLoaded(page.getByRole('heading', { level: 1, name: 'Propostas' })).toBeVisible();

    // The client: another browser, no session.
    const clientContext = await browser.newContext({ baseURL, locale: 'pt-PT' });
    try {
      const clientPage = await clientContext.newPage();
      await clientPage.goto(`/p/${proposal.publicToken}`);
      await expectLoaded(clientPage.getByRole('heading', { name: title })).toBeVisible();
      await clientPage.getByRole('button', { name: 'Aceitar' }).click();
      const dialog = clientPage.getByRole('dialog', { name: 'Aceitar proposta' });
      // The one-time code the page emailed to the client (on by default, issue 20).
      await enterAnswerCode(dialog, `cliente-${tag}@exemplo.pt`, tag);
      await dialog.getByRole('button', { name: 'Aceitar' }).click();
      await expect(clientPage.getByText('Proposta aceite com sucesso!')).toBeVisible();
    } finally {
      await clientContext.close();
    }

    // The bell polls every 30 s; a reload asks at once. Other specs notify this person too: no exact count.
    await page.reload();
    await expectLoaded(bell(page)).toHaveAccessibleName(/^Notificações, \d+ não lidas?$/);
    await expect(page.getByTestId('unread-badge')).toHaveText(/^([1-9]|9\+)$/);
    await bell(page).click();
    const accepted = page
      .getByRole('menuitem')
      .filter({ hasText: 'Proposta aceite' })
      .filter({ hasText: title });
    await expectLoaded(accepted).toBeVisible();
    await expect(accepted).toContainText(`A proposta "${title}" foi aceite pelo cliente.`);
    await expect(accepted).toContainText(/Agora|Há \d+ min/);
    await expect(accepted).toContainText('Não lida');
    // Opening the page was a view, told separately.
    await expect(
      page.getByRole('menuitem').filter({ hasText: 'Proposta visualizada' }).filter({ hasText: title }),
    ).toBeVisible();

    await accepted.click();
    // The detail screen's code loads before the URL changes.
    await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}$`), { timeout: scaled(15_000) });
    await expectLoaded(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Aceite pelo cliente em/)).toBeVisible();
    await bell(page).click();
    await expect(accepted).toBeVisible();
    await expect(accepted).not.toContainText('Não lida');
    await page.keyboard.press('Escape');

    // Read for the server too, not only on this screen.
    await page.reload();
    await bell(page).click();
    await expectLoaded(accepted).toBeVisible();
    await expect(accepted).not.toContainText('Não lida');
  });
});
