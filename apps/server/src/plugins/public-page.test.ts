import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  customDomains,
  organizations,
  proposalMessages,
  proposals,
  users,
} from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  authHeaders,
  createOrg,
  createTeamOfRoles,
  createUser,
  insertSentProposal,
} from '@/test/factories.ts';

// /p/{token} rendered on the server (docs/architecture.md, "The public page"), with the real render module:
// built here from apps/web by the same Vite config as `npm run build`, into a dist folder of this test.
const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));
const DATA_ID = 'aceite-proposal-data';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';

let t: TestApp;
let dist: string;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'aceite-public-page-'));
  await promisify(execFile)(
    path.join(webRoot, '../../node_modules/.bin/vite'),
    [
      'build',
      '--config',
      'vite.public-ssr.config.ts',
      '--outDir',
      path.join(dist, '.ssr-public'),
      '--emptyOutDir',
    ],
    { cwd: webRoot },
  );
  // The page's source HTML stands in for the built one: same root element, title and early read.
  await copyFile(path.join(webRoot, 'public-proposal.html'), path.join(dist, 'public-proposal.html'));
  await mkdir(path.join(dist, 'assets'));
  t = await buildTestApp({ webDistDir: dist });
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', {
      name: 'Joana Lima',
      company: 'Lima Lda',
      email: 'joana@lima.pt',
    })
  ).json().data.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

function makeProposal(values: Partial<typeof proposals.$inferInsert> = {}) {
  return insertSentProposal(
    t.db,
    { organizationId: team.org.id, ownerId: team.sales.id, clientId },
    {
      totalValue: 2_460_086,
      subtotal: 2_000_070,
      taxAmount: 460_016,
      taxRate: 23,
      content: {
        blocks: [{ title: 'Âmbito', content: 'O novo site da empresa.' }],
        items: [
          {
            name: 'Design',
            description: 'Maquetas e protótipo navegável',
            quantity: 1,
            unitPrice: 1_200_070,
          },
          { name: 'Alojamento', description: 'Primeiro ano incluído', quantity: 2, unitPrice: 400_000 },
        ],
      },
      ...values,
    },
  );
}

const page = (token: string, init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: init.method ?? 'GET',
    url: `/p/${token}`,
    headers: { 'user-agent': BROWSER, ...init.headers },
  });
const stored = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];

/** The embedded data, read as the browser reads it: the element's text up to the first `</script>`. */
function embedded(html: string): unknown {
  const start = html.indexOf(`<script type="application/json" id="${DATA_ID}">`);
  expect(start).toBeGreaterThan(-1);
  const text = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script>', start));
  return JSON.parse(text);
}

describe('GET /p/{token} rendered on the server', () => {
  it('sends the proposal in the first HTML: title, items, total in pt-PT, and the data to hydrate from', async () => {
    const { token } = await makeProposal();
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf(`id="${DATA_ID}"`));
    expect(root).toContain('Website institucional');
    expect(root).toContain('Maquetas e protótipo navegável');
    expect(root).toContain('Primeiro ano incluído');
    expect(root).toContain(formatMoney(2_460_086));
    expect(formatMoney(2_460_086)).toMatch(/^24\s600,86\s€$/);
    expect(root).toContain('Enviada');
    expect(res.body).toContain('<title>Website institucional · ');
    expect(embedded(res.body)).toMatchObject({ kind: 'ready', proposal: { title: 'Website institucional' } });
    // The shell's early read of the API would count a view and fetch what the page already holds.
    expect(res.body).not.toContain('early-proposal.js');
    // The page's script starts after the first paint (public/public-page-loader.js).
    expect(res.body).toContain('src="/public-page-loader.js" data-entry="/src/public-proposal/main.tsx"');
    expect(res.body).not.toContain('<script type="module"');
  });

  it('keeps the headers of the page: no cache, no referrer, the CSP without inline scripts', async () => {
    const { token } = await makeProposal();
    const res = await page(token);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("script-src-attr 'none'");
  });

  it('never lets the text of a proposal end the data element or run as a script', async () => {
    const title = 'Proposta </script><script>alert(1)</script> <!-- & </SCRIPT>';
    const { token } = await makeProposal({ title, description: '<img src=x onerror=alert(2)>' });
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toMatch(/<\/SCRIPT>/);
    expect(embedded(res.body)).toMatchObject({
      proposal: { title, description: '<img src=x onerror=alert(2)>' },
    });
    // Every `<` of the text escaped (the renderer leaves `>` as is, which can open nothing).
    expect(res.body).toContain(
      '<title>Proposta &lt;/script>&lt;script>alert(1)&lt;/script> &lt;!-- &amp; &lt;/SCRIPT>',
    );
  });

  it('answers an unknown, malformed or cancelled link with an HTML 404 page', async () => {
    const unknown = await page(newOpaqueToken());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain(MESSAGES.proposalNotFound);
    expect(embedded(unknown.body)).toEqual({ kind: 'not-found' });

    const malformed = await page('curto');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain(MESSAGES.proposalNotFound);

    const { token } = await makeProposal({ status: 'cancelled' });
    const cancelled = await page(token);
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.body).toContain(MESSAGES.proposalUnavailable);
    expect(embedded(cancelled.body)).toEqual({ kind: 'unavailable' });
  });

  it('shows the answered and expired states as the page does', async () => {
    const accepted = await makeProposal({ status: 'accepted', acceptedAt: new Date('2026-03-05T10:00:00Z') });
    expect((await page(accepted.token)).body).toContain('Aceite em 05/03/2026, 10:00');
    const expired = await makeProposal({ status: 'sent', validUntil: '2020-01-31' });
    const res = await page(expired.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Expirada');
    expect(res.body).not.toContain('Responder à proposta');
  });

  it('counts no view when rendering, for HEAD or for a robot; the page counts the visit once it has loaded', async () => {
    const { token, id } = await makeProposal();
    await page(token);
    await page(token, { method: 'HEAD' });
    await page(token, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect((await stored(id))?.viewCount).toBe(0);
    expect((await stored(id))?.status).toBe('sent');

    const views = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${token}/views`, headers });
    const bot = await views({ 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    expect(bot.statusCode).toBe(200);
    expect(bot.json().data).toEqual({ viewCount: 0, status: 'sent' });
    const member = await views({ 'user-agent': BROWSER, ...(await authHeaders(t.app, team.viewer)) });
    expect(member.json().data).toEqual({ viewCount: 0, status: 'sent' });
    const client = await views({ 'user-agent': BROWSER });
    expect(client.json().data).toEqual({ viewCount: 1, status: 'viewed' });
    expect((await stored(id))?.viewCount).toBe(1);

    // The API's read keeps the same rule: a HEAD is not a view.
    await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/public/proposals/${token}`,
      headers: { 'user-agent': BROWSER },
    });
    expect((await stored(id))?.viewCount).toBe(1);
    expect((await views({ 'user-agent': BROWSER })).json().data.viewCount).toBe(2);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${newOpaqueToken()}/views` }))
        .statusCode,
    ).toBe(404);
  });

  it('renders a page again when its proposal changed, and serves the same page while it has not', async () => {
    const { token, id } = await makeProposal();
    const first = (await page(token)).body;
    expect((await page(token)).body).toBe(first);
    await t.db
      .update(proposals)
      .set({ title: 'Website institucional v2', currentVersion: 2 })
      .where(eq(proposals.id, id));
    const second = (await page(token)).body;
    expect(second).toContain('Website institucional v2');
    await t.db
      .update(proposals)
      .set({ status: 'rejected', rejectedAt: new Date() })
      .where(eq(proposals.id, id));
    expect((await page(token)).body).toContain('Rejeitada em');
    // What else the page shows: the organization's name, the owner's, the client's, the conversation.
    await t.db.update(organizations).set({ name: 'Atlântico Novo' }).where(eq(organizations.id, team.org.id));
    expect((await page(token)).body).toContain('Atlântico Novo');
    await t.db.update(users).set({ firstName: 'Ricardo' }).where(eq(users.id, team.sales.id));
    expect((await page(token)).body).toContain('Ricardo');
    await t.db.update(clients).set({ name: 'Joana Lima Ferreira' }).where(eq(clients.id, clientId));
    expect((await page(token)).body).toContain('Joana Lima Ferreira');
    await t.db.insert(proposalMessages).values({
      organizationId: team.org.id,
      proposalId: id,
      kind: 'question',
      authorName: 'Joana',
      body: 'Inclui o domínio?',
    });
    expect((await page(token)).body).toContain('Inclui o domínio?');
  });

  it('still serves the reminders opt-out page from the static shell', async () => {
    const { token } = await makeProposal();
    const res = await page(`${token}/lembretes`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(DATA_ID);
  });
});

describe('GET /p/{token} under the per-IP limit', () => {
  it('counts only pages it has to read and render; past the limit the static shell answers', async () => {
    // publicRateLimitMax 1: the reads' limit is 6 a minute, as for the public API's reads.
    const limited = await buildTestApp({ webDistDir: dist, sameDatabaseAs: t, publicRateLimitMax: 1 });
    try {
      const { token } = await makeProposal();
      const open = (path: string) =>
        limited.app.inject({
          url: `/p/${path}`,
          headers: { 'user-agent': BROWSER },
          remoteAddress: '203.0.113.9',
        });
      expect((await open(token)).body).toContain('Website institucional');
      // The same page, unchanged, comes from the cache: not counted.
      for (let i = 0; i < 8; i++) expect((await open(token)).body).toContain('Website institucional');
      for (let i = 0; i < 5; i++) expect((await open(newOpaqueToken())).statusCode).toBe(404);
      const over = await open(newOpaqueToken());
      expect(over.statusCode).toBe(200);
      expect(over.body).toContain('<div id="root"></div>');
      expect(over.body).toContain('early-proposal.js');
      expect((await open(token)).body).toContain('Website institucional');
    } finally {
      await limited.close();
    }
  });
});

describe('GET /p/{token} without the render module', () => {
  it('serves the static shell, which reads the proposal itself', async () => {
    const shellDist = await mkdtemp(path.join(os.tmpdir(), 'aceite-public-shell-'));
    await copyFile(path.join(webRoot, 'public-proposal.html'), path.join(shellDist, 'public-proposal.html'));
    const plain = await buildTestApp({ webDistDir: shellDist, sameDatabaseAs: t });
    try {
      const { token } = await makeProposal();
      const res = await plain.app.inject({ url: `/p/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('early-proposal.js');
      expect(res.body).not.toContain('Website institucional');
    } finally {
      await plain.close();
      await rm(shellDist, { recursive: true, force: true });
    }
  });
});

describe('the white-label page on a custom domain (docs/product.md#white-label)', () => {
  it('serves the organization’s page with no Aceite mark; Enterprise without a verified domain keeps it', async () => {
    const org = await createOrg(t.db, { plan: 'enterprise', name: 'Empresa Branca' });
    const owner = await createUser(t.db, { organizationId: org.id, role: 'admin' });
    const { token } = await insertSentProposal(t.db, { organizationId: org.id, ownerId: owner.id });
    const marked = await t.app.inject({ url: `/p/${token}`, headers: { 'user-agent': BROWSER } });
    expect(marked.statusCode).toBe(200);
    expect(marked.body).toContain('Aceite');
    await t.db.insert(customDomains).values({
      organizationId: org.id,
      domain: 'propostas.branca.pt',
      verificationToken: 'x',
      verifiedAt: new Date(),
    });
    const page = await t.app.inject({
      url: `/p/${token}`,
      headers: { host: 'propostas.branca.pt', 'user-agent': BROWSER },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body.replaceAll('<!-- -->', '')).toContain('Proposta enviada por Empresa Branca.');
    expect(page.body).toContain('<title>Website institucional · Empresa Branca</title>');
    expect(page.body).not.toContain('Aceite');
    // Another organization's link on this host: not found, never its page.
    const foreign = await makeProposal();
    const refused = await t.app.inject({
      url: `/p/${foreign.token}`,
      headers: { host: 'propostas.branca.pt', 'user-agent': BROWSER },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(team.org.name);
    // The private app is not served there.
    for (const url of ['/login', '/dashboard', '/']) {
      const res = await t.app.inject({ url, headers: { host: 'propostas.branca.pt' } });
      expect(res.statusCode, url).toBe(404);
    }
    // Every HTML page of the host is marked for the client's scripts (apps/web/src/lib/white-label.ts) and has
    // no mark of its own: the rendered page, a cancelled link's page, the reminders' opt-out shell.
    expect(page.body).toContain('<html data-white-label=""');
    expect(page.body).not.toContain('rel="icon"');
    const cancelled = await insertSentProposal(
      t.db,
      { organizationId: org.id, ownerId: owner.id },
      { status: 'cancelled' },
    );
    const gone = await t.app.inject({
      url: `/p/${cancelled.token}`,
      headers: { host: 'propostas.branca.pt', 'user-agent': BROWSER },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(`<title>${MESSAGES.proposalUnavailable}</title>`);
    expect(gone.body).not.toContain('Aceite');
    const optOut = await t.app.inject({
      url: `/p/${token}/lembretes`,
      headers: { host: 'propostas.branca.pt' },
    });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.body).toContain('data-white-label');
    expect(optOut.body).toContain('<title>Proposta</title>');
    expect(optOut.body).not.toContain('Aceite');
    // On the app's own host nothing changes.
    const own = await t.app.inject({ url: `/p/${cancelled.token}`, headers: { 'user-agent': BROWSER } });
    expect(own.body).toContain(`<title>${MESSAGES.proposalUnavailable} · Aceite</title>`);
    expect(own.body).not.toContain('data-white-label');
    const ownOptOut = await t.app.inject({ url: `/p/${token}/lembretes` });
    expect(ownOptOut.body).toContain('<title>Proposta · Aceite</title>');
  });
});
