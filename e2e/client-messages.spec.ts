import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { apiSession, DEMO, expect, expectAccessible, expectFits, signIn, test } from './fixtures.ts';
import { enterAnswerCode, linkFromOutbox } from './mail.ts';

/*
 * Issue 24, parts 3 and 4 (docs/product.md#client-questions-and-change-requests, #cancelling-a-proposal,
 * #rejection-reasons): a client on a phone asks for changes, the owner answers, the client reads the answer;
 * the owner cancels and the link says the proposal is no longer available; a rejection's reason shows up in
 * 'Motivos de perda'. Every screen at 360 px (the client's) and through axe.
 */

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Created {
  id: string;
  publicToken: string;
  title: string;
  clientEmail: string;
  clientName: string;
}

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The demo salesperson creates a client and a sent proposal through the API (not what the test is about). */
async function createSentProposal(request: APIRequestContext): Promise<Created> {
  const { headers } = await apiSession(request, DEMO.sales);
  const id = unique();
  const clientEmail = `cliente-${id}@exemplo.pt`;
  const clientName = `Marta Sousa ${id}`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: clientName, email: clientEmail },
  });
  expect(client.status()).toBe(201);
  const title = `Loja online ${id}`;
  const proposal = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId: (await client.json()).data.id,
      status: 'sent',
      content: { blocks: [], items: [{ name: 'Loja', description: '', quantity: 1, unitPrice: 250_000 }] },
    },
  });
  expect(proposal.status()).toBe(201);
  const data = (await proposal.json()).data;
  return { id: data.id, publicToken: data.publicToken, title, clientEmail, clientName };
}

async function openOnPhone(
  browser: Browser,
  baseURL: string | undefined,
  token: string,
  /** false for a link with nothing to show (cancelled): no hydrated proposal, no visit counted. */
  waitForHydration = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'pt-PT', ...PHONE });
  const page = await context.newPage();
  // The page paints from the server's HTML; its buttons work once it has hydrated, which counts the visit.
  const hydrated = waitForHydration && page.waitForResponse((r) => r.url().endsWith(`/${token}/views`));
  await page.goto(`/p/${token}`);
  if (hydrated) await hydrated;
  return { context, page };
}

async function dialogSettled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

test('a client on a phone asks for changes, the owner answers, the client reads the answer', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const created = await createSentProposal(request);
  const { context, page: phone } = await openOnPhone(browser, baseURL, created.publicToken);

  await phone.getByRole('button', { name: 'Pedir alterações' }).click();
  const dialog = await dialogSettled(phone, 'Pedir alterações');
  // Prefilled with the recipient's name and email.
  await expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue(created.clientName);
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(created.clientEmail);
  await expectAccessible(phone);
  await dialog.getByRole('textbox', { name: /Alterações pretendidas/ }).fill('Podem incluir o alojamento?');
  await dialog.getByRole('button', { name: 'Enviar' }).click();

  const conversation = phone.getByRole('list', { name: 'Conversa com a equipa' });
  await expect(conversation).toContainText('Podem incluir o alojamento?');
  await expect(phone.getByText('Em negociação').first()).toBeVisible();
  await expectFits(phone);
  await expectAccessible(phone);

  // The owner answers from the proposal's page.
  await signIn(page, DEMO.sales);
  await page.goto(`/proposals/${created.id}`);
  const panel = page.getByRole('region', { name: 'Mensagens do cliente' });
  await expect(panel).toContainText('Podem incluir o alojamento?');
  await expect(panel).toContainText('Pedido de alterações');
  await expectAccessible(page);
  await panel.getByRole('textbox', { name: /Responder ao cliente/ }).fill('Sim, incluímos o primeiro ano.');
  await panel.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(panel.getByRole('list', { name: 'Conversa com o cliente' })).toContainText(
    'Sim, incluímos o primeiro ano.',
  );

  // The client is emailed the answer with the link, and reads it on the page.
  const link = await linkFromOutbox(created.clientEmail, '/p/');
  expect(link).toContain(`/p/${created.publicToken}`);
  await phone.goto(`/p/${created.publicToken}`);
  await expect(phone.getByRole('list', { name: 'Conversa com a equipa' })).toContainText(
    'Sim, incluímos o primeiro ano.',
  );
  await expectFits(phone);
  await expectAccessible(phone);
  await context.close();
});

test('the owner cancels with a reason and the link says the proposal is no longer available', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const created = await createSentProposal(request);
  await signIn(page, DEMO.sales);
  await page.goto(`/proposals/${created.id}`);
  await page.getByRole('button', { name: 'Cancelar proposta' }).click();
  const dialog = await dialogSettled(page, 'Cancelar proposta');
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: /Motivo do cancelamento/ }).fill('O cliente adiou o projeto.');
  await dialog.getByRole('button', { name: 'Cancelar proposta' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Cancelada em' });
  await expect(notice).toContainText('O cliente adiou o projeto.');
  await expectAccessible(page);

  const { context, page: phone } = await openOnPhone(browser, baseURL, created.publicToken, false);
  await expect(
    phone.getByRole('heading', { level: 1, name: 'Esta proposta já não está disponível.' }),
  ).toBeVisible();
  await expectFits(phone);
  await expectAccessible(phone);
  await context.close();
});

test("a rejection's reason shows up in 'Motivos de perda'", async ({ browser, baseURL, page, request }) => {
  const created = await createSentProposal(request);
  const { context, page: phone } = await openOnPhone(browser, baseURL, created.publicToken);
  await phone.getByRole('button', { name: 'Rejeitar' }).click();
  const dialog = await dialogSettled(phone, 'Rejeitar proposta');
  await dialog.getByRole('radio', { name: 'Prazo' }).check();
  await dialog.getByRole('textbox', { name: 'Comentário (opcional)' }).fill('Precisamos para o próximo mês.');
  await enterAnswerCode(dialog, created.clientEmail, created.title);
  await expectAccessible(phone);
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  const result = phone.getByRole('region', { name: 'Proposta rejeitada' });
  await expect(result).toContainText('Motivo: Prazo — Precisamos para o próximo mês.');
  await expectFits(phone);
  await context.close();

  await signIn(page, DEMO.manager);
  await page.goto('/analytics');
  const losses = page.getByRole('region', { name: 'Motivos de perda' });
  const deadline = losses.getByRole('listitem').filter({ hasText: 'Prazo' });
  // Only this spec rejects for 'Prazo' in the run's fresh database: at least this one proposal, with its value.
  await expect(deadline).toContainText(/[1-9]\d* propostas? ·/);
  await expect(deadline).toContainText(/\d[\d\s]*,\d{2}\s€/);
  await expectAccessible(page);
});
