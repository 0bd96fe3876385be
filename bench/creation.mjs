#!/usr/bin/env node
// `npm run bench:creation` (issue 37): how long a person takes to go from the dashboard to "Proposta enviada"
// with three catalogue lines, by each path the app offers. A script drives Debian's Chromium through the built
// app (demo data, its own embedded database) the way a person would — every click and every typed character
// goes through the counters below — and the time is estimated with the keystroke-level model (KLM; Card, Moran
// and Newell), because the machine's own wall time measures the app, not the person. The method, its operators
// and the figures are in docs/performance.md, "Time to a sent proposal".
//
// Options: --runs N (default 3; the counts are the same every run, the wall time is the median)
//          --headed (watch it)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect } from '@playwright/test';
import { freePort, killChildren, startServer, stop } from '../scripts/lib/server-process.mjs';

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const RUNS = Number(argValue('--runs', '3'));
const PASSWORD = 'Aceite2026!';
const SALES = 'vendas@aceite.demo';
/** Templates are an admin's to make (docs/product.md#templates); the walks are a salesperson's. */
const ADMIN = 'admin@aceite.demo';
const CLIENT_SEARCH = 'Marta';
const CLIENT = /Marta Sousa/;

/**
 * KLM operators (seconds), the published averages: K a keystroke of an average non-secretarial typist, P pointing
 * with the mouse, B a mouse button press or release (a click is B twice), H moving a hand between keyboard and
 * mouse, M mental preparation (deciding the next step), placed once before each action by the usual heuristic
 * (one M per click or per field typed).
 */
export const KLM = { K: 0.28, P: 1.1, B: 0.1, H: 0.4, M: 1.35 };

/** A person's time for a path of `clicks` clicks and `fields` typed fields holding `keys` characters. */
export function klmSeconds({ clicks, fields, keys }) {
  const perClick = KLM.M + KLM.P + 2 * KLM.B;
  // A field: decide, hand to the keyboard, the characters, hand back to the mouse.
  const perField = KLM.M + 2 * KLM.H;
  return clicks * perClick + fields * perField + keys * KLM.K;
}

/** The person's actions, counted: every step of a path goes through these. */
function actor(page) {
  const counts = { clicks: 0, fields: 0, keys: 0 };
  return {
    counts,
    async click(locator) {
      await locator.click();
      counts.clicks += 1;
    },
    async type(locator, text) {
      await locator.click();
      await locator.pressSequentially(text);
      counts.fields += 1;
      counts.keys += text.length;
    },
    /** Enter in a field that submits its form: one keystroke. */
    async enter(locator) {
      await locator.press('Enter');
      counts.keys += 1;
    },
    page,
  };
}

async function signIn(base, email) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return (await res.json()).data;
}

async function api(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** Picks the demo client in the editor's client field: typed, then chosen from the list. */
async function chooseClient(a) {
  const picker = a.page.getByRole('combobox', { name: 'Cliente' });
  await a.type(picker, CLIENT_SEARCH);
  await a.click(a.page.getByRole('option', { name: CLIENT }).first());
}

/** From the proposal's page: "Enviar por email", then the dialog's send button, until the confirmation. */
async function sendFromDetail(a) {
  await a.click(a.page.getByRole('button', { name: 'Enviar por email' }));
  const dialog = a.page.getByRole('dialog', { name: 'Enviar proposta por email' });
  await a.click(dialog.getByRole('button', { name: /^Enviar/ }));
  await expect(a.page.getByText(/^Proposta enviada para /)).toBeVisible({ timeout: 30_000 });
}

/** "Nova proposta" from the dashboard's actions. */
async function newProposal(a) {
  await a.click(a.page.getByRole('main').getByRole('button', { name: 'Nova proposta' }).first());
  return a.page.getByRole('dialog', { name: 'Nova proposta' });
}

/** "Guardar e enviar" in the editor, then the send dialog's button, until the confirmation. */
async function saveAndSend(a) {
  await a.click(a.page.getByRole('button', { name: 'Guardar e enviar' }));
  const dialog = a.page.getByRole('dialog', { name: 'Enviar proposta por email' });
  await a.click(dialog.getByRole('button', { name: /^Enviar/ }));
  await expect(a.page.getByText(/^Proposta enviada para /)).toBeVisible({ timeout: 30_000 });
}

/**
 * The paths, each from the dashboard to "Proposta enviada para …" with the same three catalogue lines, as a
 * person takes them: from scratch (a blank proposal, the title typed, the client chosen, the lines added from the
 * catalogue, saved, then sent from its page), and the short paths of issue 37.
 */
const PATHS = {
  'from scratch': async (a, ctx) => {
    const choice = await newProposal(a);
    await a.click(choice.getByRole('button', { name: /Proposta em branco/ }));
    await a.type(a.page.getByLabel(/^Título/), `Loja online ${ctx.mark}`);
    await chooseClient(a);
    await a.click(a.page.getByRole('button', { name: 'Do catálogo' }));
    const catalogue = a.page.getByRole('dialog', { name: 'Adicionar do catálogo' });
    for (const product of ctx.products) {
      await a.click(catalogue.getByRole('button', { name: `Adicionar ${product.name}` }));
    }
    await a.click(catalogue.getByRole('button', { name: 'Concluir' }));
    await a.click(a.page.getByRole('button', { name: /^(Criar proposta|Guardar)$/ }).first());
    await expect(a.page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await sendFromDetail(a);
  },
  // "Nova proposta" with the client chosen in the dialog: the template makes the draft, titled
  // "<template> — <client>", and the editor sends it in one step.
  'from a template, client in "Nova proposta"': async (a, ctx) => {
    const choice = await newProposal(a);
    const picker = choice.getByRole('combobox', { name: 'Cliente' });
    await a.type(picker, CLIENT_SEARCH);
    await a.click(a.page.getByRole('option', { name: CLIENT }).first());
    await a.click(choice.getByRole('button', { name: new RegExp(ctx.template.name) }));
    await expect(a.page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
    await saveAndSend(a);
  },
  // From the client's page (recognised in the clients list, not typed): "Nova proposta para este cliente".
  "from the client's page": async (a, ctx) => {
    await a.click(
      a.page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Clientes' }),
    );
    await a.click(a.page.getByRole('row').filter({ hasText: CLIENT }).first().getByRole('cell').first());
    await a.click(a.page.getByRole('button', { name: 'Nova proposta para este cliente' }));
    const dialog = a.page.getByRole('dialog', { name: /^Nova proposta para / });
    await a.click(dialog.getByRole('button', { name: new RegExp(ctx.template.name) }));
    await expect(a.page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
    await saveAndSend(a);
  },
};

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aceite-creation-'));
  const server = await startServer({ dataDir, port: await freePort(), args: ['--seed-demo'] });
  const origin = server.base.replace('/api/v1', '');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: !process.argv.includes('--headed'),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const token = (await signIn(server.base, ADMIN)).accessToken;
    // The same three catalogue lines on every path: three demo products, and a template made of them.
    const products = (await api(server.base, token, 'GET', '/products?limit=3')).slice(0, 3);
    const template = await api(server.base, token, 'POST', '/templates', {
      name: 'Pacote de três serviços',
      category: 'outro',
      content: {
        blocks: [],
        items: products.map((p, i) => ({
          id: `linha-${i + 1}`,
          description: p.name,
          quantity: 1,
          unit: p.unit ?? 'un',
          unitPrice: p.unitPrice,
        })),
      },
    });
    const results = [];
    for (const [name, walk] of Object.entries(PATHS)) {
      const walls = [];
      let counts;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          baseURL: origin,
          locale: 'pt-PT',
          viewport: { width: 1366, height: 900 },
        });
        const page = await context.newPage();
        // Signed in as the sign-in page leaves it; the walk starts on the dashboard.
        await page.goto('/login');
        await page.evaluate(
          (s) => {
            localStorage.setItem('accessToken', s.accessToken);
            localStorage.setItem('refreshToken', s.refreshToken);
            localStorage.setItem('user', JSON.stringify(s.user));
          },
          await signIn(server.base, SALES),
        );
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
        const a = actor(page);
        const started = performance.now();
        await walk(a, { mark: `${run + 1}-${Date.now().toString(36)}`, products, template });
        walls.push((performance.now() - started) / 1000);
        counts = a.counts;
        await context.close();
      }
      results.push({ path: name, ...counts, klm: klmSeconds(counts), wall: median(walls) });
    }
    const scratch = results[0];
    console.log(
      `\nTime to a sent proposal, three catalogue lines, ${RUNS} runs per path (docs/performance.md)`,
    );
    console.table(
      results.map((r) => ({
        path: r.path,
        clicks: r.clicks,
        'typed fields': r.fields,
        keystrokes: r.keys,
        'KLM person s': r.klm.toFixed(1),
        'vs from scratch': r === scratch ? '' : `−${((1 - r.klm / scratch.klm) * 100).toFixed(0)} %`,
        'app wall s (median)': r.wall.toFixed(1),
      })),
    );
  } finally {
    await browser.close();
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    killChildren();
  }
}

await main();
