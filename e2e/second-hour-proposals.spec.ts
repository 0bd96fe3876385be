import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect as baseExpect,
  call,
  expectAccessible,
  expectAccessibleAtBothWidths,
  signIn,
  test,
} from './fixtures.ts';
import { shownVersionViaApi } from './shown.ts';
import { scaled } from './timing.ts';

/**
 * Issue 37, the proposal's life (docs/product.md#cancelling-a-proposal, #duplicating-a-proposal,
 * #personal-data): a cancelled proposal offers only 'Duplicar', the copy may go to another client with the rates
 * of today's IVA region, a copy's title is warned about before sending, and erasing a client lists the proposals
 * it cancels. Each test has its own organization (in Madeira: the demo organization's region stays as it is).
 */

test.describe.configure({ timeout: scaled(120_000) });
const expect = baseExpect.configure({ timeout: scaled(15_000) });

const PASSWORD = 'Propostas2026!';

/** A new organization in Madeira, without answer codes, its admin and two clients. */
async function setUp(request: APIRequestContext) {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@propostas37.pt`;
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Ana',
      lastName: `Admin ${tag}`,
      organizationName: `Loja ${tag}`,
    },
  });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).data.accessToken as string;
  const org = await call<{ name: string; domain: string | null; branding: unknown; settings: object }>(
    request,
    token,
    'GET',
    '/settings/organization',
  );
  await call(request, token, 'PUT', '/settings/organization', {
    name: org.name,
    domain: org.domain,
    branding: org.branding,
    settings: { ...org.settings, vatRegion: 'madeira', requireAnswerCode: false },
  });
  const client = (name: string) =>
    call<{ id: string; name: string }>(request, token, 'POST', '/clients', {
      name: `${name} ${tag}`,
      email: `${name.toLowerCase().replace(/\s/g, '.')}-${tag}@propostas37.pt`,
    });
  return { tag, email, token, rui: await client('Rui Costa'), ana: await client('Ana Lopes') };
}

async function proposal(
  request: APIRequestContext,
  token: string,
  clientId: string,
  title: string,
  status: 'draft' | 'sent' = 'draft',
) {
  return call<{ id: string; publicToken: string; number: string }>(request, token, 'POST', '/proposals', {
    title,
    clientId,
    status,
    // Made before the move to Madeira: the mainland's 23 %.
    taxRate: 23,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    content: { blocks: [], items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 100_000 }] },
  });
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, 'no horizontal scroll').toBe(false);
}

test('@mobile a cancelled proposal offers only Duplicar, for another client, with the rates of Madeira', async ({
  page,
  request,
}) => {
  const { tag, email, token, rui, ana } = await setUp(request);
  const title = `Loja online ${tag}`;
  const p = await proposal(request, token, rui.id, title, 'sent');
  await call(request, token, 'POST', `/proposals/${p.id}/cancel`, {
    reason: 'O cliente desistiu',
    notifyClient: false,
  });

  await signIn(page, email, PASSWORD);
  await page.goto(`/proposals/${p.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByText(
      'Esta proposta foi cancelada: já não pode ser enviada ao cliente. Duplique-a para fazer uma nova.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar por email' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copiar link público' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await noHorizontalScroll(page);
  await expectAccessible(page);

  // The list's card offers no 'Editar' either; 'Duplicar' stays.
  await page.goto(`/proposals?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByRole('link', { name: `Editar ${title}` })).toHaveCount(0);
  await card.getByRole('button', { name: `Duplicar ${title}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Duplicar proposta' });
  const picker = dialog.getByRole('combobox', { name: 'Cliente' });
  await expect(picker).toHaveValue(rui.name);
  await expectAccessible(page);
  await picker.click();
  await picker.fill(`Ana Lopes ${tag}`);
  await page.getByRole('option', { name: new RegExp(ana.name) }).click();
  await expect(dialog.getByText(`A cópia fica para ${ana.name}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Duplicar' }).click();

  await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
  await expect(
    page.getByText('As taxas de IVA foram atualizadas para a região atual (Madeira): 23 % → 22 %.'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(ana.name);
  await noHorizontalScroll(page);
  await expectAccessible(page);
});

test("the send dialog warns that a copy's title still ends in (cópia)", async ({ page, request }) => {
  const { tag, email, token, rui } = await setUp(request);
  const original = await proposal(request, token, rui.id, `Manutenção ${tag}`);
  const copy = await call<{ id: string }>(request, token, 'POST', `/proposals/${original.id}/duplicate`);

  await signIn(page, email, PASSWORD);
  await page.goto(`/proposals/${copy.id}`);
  await page.getByRole('button', { name: 'Enviar por email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar proposta por email' });
  await expect(
    dialog.getByText('O título ainda termina em «(cópia)» e é o assunto do email ao cliente.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Enviar mesmo assim' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('link', { name: 'Mudar o título' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposals/${copy.id}/edit$`));
});

test('erasing a client who answered lists the open proposals it will cancel', async ({ page, request }) => {
  const { tag, email, token, rui } = await setUp(request);
  const rejected = await proposal(request, token, rui.id, `Rejeitada ${tag}`, 'sent');
  const res = await request.post(`/api/v1/public/proposals/${rejected.publicToken}/reject`, {
    data: { reasonCode: 'price', reason: null, ...(await shownVersionViaApi(request, rejected.publicToken)) },
  });
  expect(res.status(), await res.text()).toBe(200);
  const open = await proposal(request, token, rui.id, `Em aberto ${tag}`, 'sent');

  await signIn(page, email, PASSWORD);
  await page.goto(`/clients/${rui.id}`);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar cliente' });
  await expect(dialog.getByText(/Esta proposta ainda está em aberto e vai ser cancelada/)).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Propostas que vão ser canceladas' });
  await expect(list.getByRole('listitem')).toHaveText([`${open.number} · Em aberto ${tag} (Enviada)`]);
  await noHorizontalScroll(page);
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/clients$/);

  // The link says the proposal is no longer available, and nobody can answer it.
  await page.goto(`/p/${open.publicToken}`);
  await expect(page.getByText('Esta proposta já não está disponível.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
});
