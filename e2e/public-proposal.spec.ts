import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { answerCodeViaApi, enterAnswerCode } from './mail.ts';
import { shownVersionViaApi } from './shown.ts';

/** 2 × 1500,00 € + 1 × 4200,00 € = 7200,00 €; −10 % = 6480,00 €; +23 % IVA (1490,40 €) = 7970,40 €. */
const ITEMS = [
  {
    name: 'Design da interface',
    description: 'Maquetas e protótipo navegável',
    quantity: 2,
    unitPrice: 150_000,
  },
  { name: 'Desenvolvimento', description: 'Implementação e testes', quantity: 1, unitPrice: 420_000 },
];
const TOTAL = /7\s970,40\s€/;

interface Created {
  id: string;
  publicToken: string;
  title: string;
  accessToken: string;
  /** The client's address: where the one-time answer code goes (on by default, issue 20). */
  clientEmail: string;
  clientId: string;
}

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function signInApi(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.sales, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.accessToken as string;
}

/** A sales user creates a client and a sent proposal through the API, as the app would. */
async function createSentProposal(request: APIRequestContext): Promise<Created> {
  const accessToken = await signInApi(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const id = unique();
  const clientEmail = `marta-${id}@exemplo.pt`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Marta Sousa ${id}`, email: clientEmail, company: 'Sousa & Filhos, Lda.' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).data.id as string;
  const title = `Website institucional ${id}`;
  const proposal = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId,
      description: 'Novo website com gestão de conteúdos.\nInclui alojamento no primeiro ano.',
      validUntil: inDays(30),
      status: 'sent',
      content: {
        blocks: [
          {
            title: 'Âmbito do projeto',
            content: 'Primeira fase: descoberta.\nSegunda fase: <b>entrega</b>.',
          },
        ],
        items: ITEMS,
      },
      discountType: 'percentage',
      discountValue: 10,
      taxRate: 23,
    },
  });
  expect(proposal.status()).toBe(201);
  const data = (await proposal.json()).data;
  return { id: data.id, publicToken: data.publicToken, title, accessToken, clientEmail, clientId };
}

/** What the owner sees in the app afterwards (the private detail screen reads the same endpoint). */
async function ownerView(request: APIRequestContext, created: Created) {
  const res = await request.get(`/api/v1/proposals/${created.id}`, {
    headers: { Authorization: `Bearer ${created.accessToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as {
    status: string;
    viewCount: number;
    acceptedAt: string | null;
    rejectedAt: string | null;
    signedAt: string | null;
    answerVerification: { method: string; maskedEmail?: string } | null;
  };
}

/** The client types the code emailed to them (the one-time code the page sent when the dialog opened). */
const typeCode = (dialog: Locator, created: Created) =>
  enterAnswerCode(dialog, created.clientEmail, created.title);

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** The client opens the link in a fresh browser context: no session, nothing stored. */
async function openAsClient(
  browser: Browser,
  baseURL: string | undefined,
  token: string,
  options: { phone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'pt-PT', ...(options.phone ? PHONE : {}) });
  const page = await context.newPage();
  // Open = the page's script has taken over the proposal the server rendered and counted the visit.
  const counted = page.waitForResponse((r) => r.url().endsWith(`/${token}/views`));
  counted.catch(() => {});
  // An unknown link (404) has no visit to count.
  if ((await page.goto(`/p/${token}`))?.status() === 200) await counted;
  return { context, page };
}

/** Draws a signature-like scribble on the canvas with mouse moves. */
async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByRole('img', { name: 'Área de assinatura' });
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The signature canvas has no box');
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.12, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(...at(0.12 + i * 0.07, 0.55 + Math.sin(i * 1.2) * 0.2), { steps: 2 });
  }
  await page.mouse.up();
}

/** Waits for a dialog's opening transition to end (axe measures contrast through the fading opacity). */
async function dialogSettled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

async function fillSigner(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('textbox', { name: /Nome completo/ }).fill(name);
  await page.getByRole('textbox', { name: /Email/ }).fill(email);
}

test.describe('public proposal page', () => {
  test('shows the proposal to the client with the total in pt-PT, and counts the view', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);

    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${created.title} · `));
    const main = page.getByRole('main');
    // The view is counted for the team, not shown to the client (issue 37).
    await expect.poll(async () => (await ownerView(request, created)).viewCount).toBe(1);
    await expect(main.getByText('Enviada', { exact: true })).toBeVisible();
    await expect(main).not.toContainText(/visualiza/i);
    await expect(main.getByText('Inclui alojamento no primeiro ano.')).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Âmbito do projeto' })).toBeVisible();
    // Text stays text: the <b> the seller typed is shown, not interpreted.
    await expect(main.getByText('Segunda fase: <b>entrega</b>.')).toBeVisible();
    const table = main.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Item', 'Qtd.', 'Preço unitário', 'Total']);
    const design = table.getByRole('row', { name: /Design da interface/ });
    await expect(design).toContainText('Maquetas e protótipo navegável');
    await expect(design.getByRole('cell').nth(2)).toHaveText(/1\s500,00\s€/);
    await expect(design.getByRole('cell').nth(3)).toHaveText(/3\s000,00\s€/);
    await expect(main.getByText(/^Desconto \(10\s%\)$/)).toBeVisible();
    await expect(main.getByText(/^IVA \(23\s%\)$/)).toBeVisible();
    await expect(main.locator('.pp-totals-grand')).toHaveText(TOTAL);
    // The owner's address is the contact (the first link) and the privacy contact of the statement.
    await expect(main.getByRole('link', { name: 'vendas@aceite.demo' }).first()).toHaveAttribute(
      'href',
      'mailto:vendas@aceite.demo',
    );
    await expect(main.getByText('Sousa & Filhos, Lda.')).toBeVisible();

    const owner = await ownerView(request, created);
    expect(owner.status).toBe('viewed');
    expect(owner.viewCount).toBe(1);
    await context.close();
  });

  test('the proposal arrives in the HTML and is never read again; the visit is counted once', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const page = await context.newPage();
    const reads: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      // The proposal itself and the visit (the attachments' list and the reading are other reads).
      if (path.replace(/\/views$/, '') === `/api/v1/public/proposals/${created.publicToken}`)
        reads.push(`${req.method()} ${path}`);
    });
    // The page's entry script arrives a second late, as on a slow connection: the proposal is already on screen
    // (rendered on the server, docs/architecture.md "The public page").
    let entryServed = false;
    await page.route('**/assets/proposal-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      entryServed = true;
      await route.continue();
    });
    await page.goto(`/p/${created.publicToken}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    expect(entryServed).toBe(false);

    await expect.poll(async () => (await ownerView(request, created)).viewCount).toBe(1);
    expect(reads).toEqual([`POST /api/v1/public/proposals/${created.publicToken}/views`]);
    expect((await ownerView(request, created)).viewCount).toBe(1);
    await context.close();
  });

  test('a member of the organization previewing the link is not counted as a view', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
    await context.addInitScript({
      content: `localStorage.setItem('accessToken', ${JSON.stringify(created.accessToken)});`,
    });
    const page = await context.newPage();
    await page.goto(`/p/${created.publicToken}`);

    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aceitar' })).toBeEnabled();
    expect((await ownerView(request, created)).viewCount).toBe(0);
    await context.close();
  });

  test('signs with a drawn signature; the page then shows signer, email, date and image', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow(); // drawing and several axe runs
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);

    // Prefilled with the recipient's name and email (docs/product.md#evidence); emptied, the page asks for them.
    await expect(page.getByRole('textbox', { name: /Nome completo/ })).toHaveValue(/^Marta Sousa /);
    await expect(page.getByRole('textbox', { name: /Email/ })).toHaveValue(created.clientEmail);
    await fillSigner(page, '', '');
    await page.getByRole('button', { name: 'Assinar proposta' }).click();
    await expect(page.getByText('Por favor, preencha o nome e email antes de assinar')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await fillSigner(page, 'Marta Sousa', 'marta@exemplo.pt');
    await page.getByRole('button', { name: 'Assinar proposta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar proposta' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Limpar' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await drawSignature(page);
    // The code the page emailed when the dialog opened (issue 20): a wrong one is refused under the field and
    // the drawing stays; the one from the email signs.
    await expect(dialog.getByText(/Enviámos um código de 6 dígitos para m•••@exemplo\.pt/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Reenviar código \(\d+ s\)/ })).toBeDisabled();
    const code = await typeCode(dialog, created);
    await dialog
      .getByRole('textbox', { name: /Código de confirmação/ })
      .fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await dialog.getByRole('button', { name: 'Confirmar Assinatura' }).click();
    await expect(dialog.getByText('Código incorreto. Verifique o email e tente novamente.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Código de confirmação/ }).fill(code);
    await dialog.getByRole('button', { name: 'Confirmar Assinatura' }).click();

    await expect(page.getByText('Proposta assinada com sucesso!')).toBeVisible();
    const result = page.getByRole('region', { name: 'Proposta assinada e aceite' });
    await expect(result).toBeVisible();
    await expect(result.getByText('Marta Sousa', { exact: true })).toBeVisible();
    await expect(result.getByText('marta@exemplo.pt')).toBeVisible();
    // Dates are written as in the app: "25/11/2026, 14:05".
    const today = new Intl.DateTimeFormat('pt-PT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    await expect(result.getByText(new RegExp(today)).first()).toBeVisible();
    const image = result.getByRole('img', { name: 'Assinatura de Marta Sousa' });
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(image).toHaveJSProperty('naturalWidth', 600);
    await expect(image).toHaveJSProperty('naturalHeight', 200);
    await expect(page.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
    // One status word across screens (issue 33): the badge says 'Assinada', as the team's list does.
    await expect(page.getByRole('main').getByText('Assinada', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('Aceite', { exact: true })).toHaveCount(0);

    const owner = await ownerView(request, created);
    expect(owner.status).toBe('accepted');
    expect(owner.signedAt).not.toBeNull();
    expect(owner.answerVerification).toMatchObject({ method: 'email_code', maskedEmail: 'm•••@exemplo.pt' });
    await context.close();
  });

  test('an empty drawing is refused with the spec message; Limpar and Cancelar work', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);

    await fillSigner(page, 'Marta Sousa', 'marta@exemplo.pt');
    await page.getByRole('button', { name: 'Assinar proposta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar proposta' });
    await dialog.getByRole('button', { name: 'Confirmar Assinatura' }).click();
    await expect(dialog.getByText('Por favor, desenhe a sua assinatura')).toBeVisible();

    await drawSignature(page);
    await expect(dialog.getByText('Por favor, desenhe a sua assinatura')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Limpar' }).click();
    await dialog.getByRole('button', { name: 'Confirmar Assinatura' }).click();
    await expect(dialog.getByText('Por favor, desenhe a sua assinatura')).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await ownerView(request, created)).status).toBe('viewed');
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('accepts after the confirmation and shows the result box; the owner sees it accepted', async ({
    browser,
    baseURL,
    request,
    page: ownerPage,
  }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);

    // Before deciding, who processes the client's data and why (docs/product.md#personal-data); the demo
    // organization has no privacy contact, so the owner's email is the link.
    const notice = page.getByTestId('privacy-notice');
    await expect(notice).toContainText(
      /Os seus dados .+ são tratados por .+ \(contacto: .+, vendas@aceite\.demo\) para registar a sua resposta/,
    );
    await expect(notice.getByRole('link', { name: 'vendas@aceite.demo' })).toHaveAttribute(
      'href',
      'mailto:vendas@aceite.demo',
    );

    await page.getByRole('button', { name: 'Aceitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aceitar proposta' });
    await expect(dialog.getByText('Tem a certeza de que deseja aceitar esta proposta?')).toBeVisible();
    await typeCode(dialog, created);
    await dialog.getByRole('button', { name: 'Aceitar' }).click();

    await expect(page.getByText('Proposta aceite com sucesso!')).toBeVisible();
    const result = page.getByRole('region', { name: 'Proposta aceite' });
    await expect(result).toContainText(/Aceite em \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByRole('button', { name: 'Rejeitar' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /Nome completo/ })).toHaveCount(0);

    const owner = await ownerView(request, created);
    expect(owner.status).toBe('accepted');
    expect(owner.acceptedAt).not.toBeNull();
    // The page re-read the proposal after the answer without counting a second view.
    expect(owner.viewCount).toBe(1);
    await context.close();

    // The owner's detail screen shows the new status.
    await signIn(ownerPage, DEMO.sales);
    await ownerPage.goto(`/proposals/${created.id}`);
    await expect(ownerPage.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await expect(ownerPage.getByText(/Aceite pelo cliente em/)).toBeVisible();
    await expect(
      ownerPage.getByText(/Email do cliente confirmado com código: enviado para m•••@exemplo\.pt/),
    ).toBeVisible();
  });

  test('lists only the attachments marked visible to the client and downloads them', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const upload = (name: string, visible: boolean) =>
      request.post(`/api/v1/proposals/${created.id}/attachments`, {
        headers: { Authorization: `Bearer ${created.accessToken}` },
        multipart: {
          file: { name, mimeType: 'text/plain', buffer: Buffer.from(`Conteúdo de ${name}\n`) },
          description: `Descrição de ${name}`,
          isVisibleToClient: String(visible),
        },
      });
    expect((await upload('caderno-de-encargos.txt', true)).status()).toBe(201);
    expect((await upload('notas-internas.txt', false)).status()).toBe(201);

    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);
    const section = page.getByRole('region', { name: 'Anexos' });
    await expect(section.getByRole('link', { name: /caderno-de-encargos\.txt/ })).toBeVisible();
    await expect(section).toContainText('Descrição de caderno-de-encargos.txt');
    await expect(section.getByText(/notas-internas/)).toHaveCount(0);
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: /caderno-de-encargos\.txt/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('caderno-de-encargos.txt');
    await context.close();
  });

  test('rejects with a reason, which the result box shows', async ({ browser, baseURL, request }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);

    await page.getByRole('button', { name: 'Rejeitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejeitar proposta' });
    await dialog.getByRole('radio', { name: 'Preço' }).check();
    await dialog.getByRole('textbox', { name: 'Comentário (opcional)' }).fill('Orçamento acima do previsto');
    await typeCode(dialog, created);
    await dialog.getByRole('button', { name: 'Rejeitar' }).click();

    await expect(page.getByText('Proposta rejeitada', { exact: true }).first()).toBeVisible();
    const result = page.getByRole('region', { name: 'Proposta rejeitada' });
    await expect(result).toContainText(/Rejeitada em \d{2}\/\d{2}\/\d{4}/);
    await expect(result).toContainText('Orçamento acima do previsto');
    await expect(page.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
    expect((await ownerView(request, created)).status).toBe('rejected');
    await context.close();
  });

  test('rejects without a reason', async ({ browser, baseURL, request }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);
    const sent = page.waitForRequest((req) => req.url().endsWith('/reject') && req.method() === 'POST');

    await page.getByRole('button', { name: 'Rejeitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejeitar proposta' });
    await dialog.getByRole('radio', { name: 'Já não precisa' }).check();
    const code = await typeCode(dialog, created);
    await dialog.getByRole('button', { name: 'Rejeitar' }).click();

    // With the version and content hash the page showed (docs/product.md#evidence).
    expect((await sent).postDataJSON()).toEqual({
      reasonCode: 'no_longer_needed',
      reason: null,
      code,
      version: 0,
      contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const result = page.getByRole('region', { name: 'Proposta rejeitada' });
    await expect(result).toContainText(/Rejeitada em/);
    // The chosen reason, no comment (docs/product.md#rejection-reasons).
    await expect(result).toContainText('Motivo: Já não precisa');
    const owner = await ownerView(request, created);
    expect(owner.status).toBe('rejected');
    expect(owner.rejectedAt).not.toBeNull();
    await context.close();
  });

  test("once the client answered, an admin exports the client's data and deleting it pseudonymises it", async ({
    page,
    request,
  }) => {
    const created = await createSentProposal(request);
    const code = await answerCodeViaApi(request, created.publicToken, created.clientEmail, created.title);
    const accepted = await request.post(`/api/v1/public/proposals/${created.publicToken}/accept`, {
      data: { code, ...(await shownVersionViaApi(request, created.publicToken)) },
    });
    expect(accepted.status()).toBe(200);

    // docs/product.md#personal-data: one ZIP from the client page, then the personal data goes, the answer stays.
    await signIn(page, DEMO.admin);
    await page.goto(`/clients/${created.clientId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cliente-${created.clientId}.zip`);
    const stream = await download.createReadStream();
    const head: Buffer = await new Promise((resolve, reject) => {
      stream.once('data', (chunk) => resolve(Buffer.from(chunk)));
      stream.once('error', reject);
    });
    expect(head.subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByRole('dialog', { name: 'Eliminar cliente' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(page.getByText(/Dados pessoais do cliente eliminados/)).toBeVisible();
    await page.goto(`/clients/${created.clientId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Cliente eliminado ${created.clientId.slice(0, 8)}` }),
    ).toBeVisible();
    expect((await ownerView(request, created)).status).toBe('accepted');
  });

  test('a decision on content changed since the page showed it is refused; the page reloads the new content', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);
    await expect(page.getByText(TOTAL).first()).toBeVisible();

    // The team changes the proposal while the client has the page open: 3 × 1500,00 € instead of 2.
    const changedItems = [{ ...ITEMS[0], quantity: 3 }, ITEMS[1]];
    const current = await (
      await request.get(`/api/v1/proposals/${created.id}`, {
        headers: { Authorization: `Bearer ${created.accessToken}` },
      })
    ).json();
    const edit = await request.put(`/api/v1/proposals/${created.id}?notifyClient=false`, {
      headers: { Authorization: `Bearer ${created.accessToken}` },
      data: {
        title: created.title,
        clientId: current.data.clientId,
        description: current.data.description,
        validUntil: current.data.validUntil,
        status: current.data.status,
        content: { blocks: current.data.content.blocks, items: changedItems },
        discountType: 'percentage',
        discountValue: 10,
        taxRate: 23,
      },
    });
    expect(edit.status()).toBe(200);

    // The client accepts what the page still shows: refused, and the page shows the proposal as it now is.
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aceitar proposta' });
    await typeCode(dialog, created);
    const answer = page.waitForRequest((r) => r.url().endsWith('/accept') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Aceitar' }).click();
    // Marked sent in the form, never snapshotted: the page shows version 0.
    expect((await answer).postDataJSON()).toMatchObject({
      version: 0,
      contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    await expect(page.getByText('A proposta foi alterada. Recarregue a página.')).toBeVisible();
    // 3 × 1500 + 4200 = 8700,00 €; −10 % = 7830,00 €; +23 % IVA = 9630,90 €.
    await expect(page.getByText(/9\s630,90\s€/).first()).toBeVisible();
    // The refused answer's dialog left before the proposal was re-read: never beside the new content.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await ownerView(request, created)).status).toBe('viewed');

    // Deciding on what is now shown works (the code was not used by the refused answer).
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const again = page.getByRole('dialog', { name: 'Aceitar proposta' });
    await typeCode(again, created);
    await again.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page.getByRole('region', { name: 'Proposta aceite' })).toBeVisible();
    expect((await ownerView(request, created)).status).toBe('accepted');
    await context.close();
  });

  test('an answer that arrives second gets the server message and the page shows the first answer', async ({
    browser,
    baseURL,
    request,
  }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);
    await expect(page.getByRole('button', { name: 'Aceitar' })).toBeVisible();
    // Someone else answers from another device while this page is open (with the code from the email).
    const code = await answerCodeViaApi(request, created.publicToken, created.clientEmail, created.title);
    const other = await request.post(`/api/v1/public/proposals/${created.publicToken}/reject`, {
      data: { reason: null, code, ...(await shownVersionViaApi(request, created.publicToken)) },
    });
    expect(other.status()).toBe(200);

    // Opening the dialog asks for a code: the server answers that the proposal was answered.
    await page.getByRole('button', { name: 'Aceitar' }).click();

    await expect(page.getByText('Esta proposta já foi respondida')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Proposta rejeitada' })).toBeVisible();
    await context.close();
  });

  test('an unknown link shows Proposta não encontrada', async ({ browser, baseURL }) => {
    const { context, page } = await openAsClient(browser, baseURL, 'link-que-nao-existe-0123456789');
    await expect(page.getByRole('heading', { level: 1, name: 'Proposta não encontrada' })).toBeVisible();
    await expect(page).toHaveTitle('Proposta não encontrada · Aceite');
    await expectAccessible(page);
    await context.close();
  });

  test('passes axe while answering and with the reject dialog open; closing returns focus', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow(); // several axe runs, each slow on a busy machine
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);
    await expect(page.getByRole('button', { name: 'Aceitar' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Rejeitar' }).click();
    const dialog = await dialogSettled(page, 'Rejeitar proposta');
    await expect(dialog.getByText(/Enviámos um código de 6 dígitos/)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rejeitar' })).toBeFocused();
    await context.close();
  });

  test('passes axe in the signature dialog and once signed', async ({ browser, baseURL, request }) => {
    test.slow(); // drawing and several axe runs
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);

    await fillSigner(page, 'Marta Sousa', 'marta@exemplo.pt');
    await page.getByRole('button', { name: 'Assinar proposta' }).click();
    const dialog = await dialogSettled(page, 'Assinar proposta');
    await typeCode(dialog, created);
    await expectAccessible(page);
    await drawSignature(page);
    await page.getByRole('button', { name: 'Confirmar Assinatura' }).click();
    const result = page.getByRole('region', { name: 'Proposta assinada e aceite' });
    await expect(result).toBeVisible();
    // The answer moves focus to its result, so keyboard and screen-reader users land on it.
    await expect(result.getByRole('heading', { level: 2 })).toBeFocused();
    await expectAccessible(page);
    await context.close();
  });

  test('prints the proposal without the answer form or buttons', async ({ browser, baseURL, request }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken);
    await expect(page.getByRole('button', { name: 'Aceitar' })).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader', { name: 'Preço unitário' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aceitar' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: /Nome completo/ })).toBeHidden();
    await context.close();
  });
});

// Each test opens its own phone (a 360 px touch context), so it runs once, in the desktop project: tagged
// @mobile, the mobile project ran the very same phone a second time (docs/architecture.md#tests).
test.describe('public proposal page on a phone', () => {
  test('reads at 360 px without sideways scrolling and signs on a canvas that fits the width at 3:1', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.slow(); // drawing and several axe runs
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken, { phone: true });

    await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
    await expect(page.locator('.pp-totals-grand')).toHaveText(TOTAL);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    await fillSigner(page, 'Marta Sousa', 'marta@exemplo.pt');
    await page.getByRole('button', { name: 'Assinar proposta' }).click();
    const canvas = page.getByRole('img', { name: 'Área de assinatura' });
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(360);
    expect(box?.width).toBeGreaterThan(280);
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 3)).toBeLessThan(0.05);
    await drawSignature(page);
    const dialog = page.getByRole('dialog', { name: 'Assinar proposta' });
    await typeCode(dialog, created);
    // The code's field and 'Reenviar código' fit the phone's width too.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await expect(dialog.getByRole('button', { name: /Reenviar código/ })).toBeInViewport();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirmar Assinatura' }).click();

    const result = page.getByRole('region', { name: 'Proposta assinada e aceite' });
    await expect(result.getByRole('img', { name: 'Assinatura de Marta Sousa' })).toBeVisible();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await context.close();
  });

  test("the header fits at 360 px with a 60-character organization name: 'Imprimir' stays on screen", async ({
    browser,
    baseURL,
    request,
  }) => {
    const id = unique();
    const organizationName = `SociedadeDeConsultoriaEEngenhariaInformática${id}`.padEnd(60, 'x').slice(0, 60);
    const registered = await request.post('/api/v1/auth/register', {
      data: {
        email: `longo-${id}@exemplo.pt`,
        password: 'password-longa-1',
        firstName: 'Rui',
        lastName: 'Longo',
        organizationName,
      },
    });
    expect(registered.status()).toBe(201);
    const headers = { Authorization: `Bearer ${(await registered.json()).data.accessToken}` };
    const client = await request.post('/api/v1/clients', {
      headers,
      data: { name: `Cliente ${id}`, email: `cliente-${id}@exemplo.pt` },
    });
    const proposal = await request.post('/api/v1/proposals', {
      headers,
      data: {
        title: `Proposta ${id}`,
        clientId: (await client.json()).data.id,
        status: 'sent',
        content: { blocks: [], items: ITEMS },
      },
    });
    expect(proposal.status()).toBe(201);
    const { context, page } = await openAsClient(browser, baseURL, (await proposal.json()).data.publicToken, {
      phone: true,
    });
    await expect(page.locator('.pp-org-name')).toHaveText(organizationName);
    const print = page.getByRole('button', { name: 'Imprimir' });
    await expect(print).toBeInViewport({ ratio: 1 });
    const box = await print.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await context.close();
  });

  test('accepts on a phone', async ({ browser, baseURL, request }) => {
    const created = await createSentProposal(request);
    const { context, page } = await openAsClient(browser, baseURL, created.publicToken, { phone: true });

    await page.getByRole('button', { name: 'Aceitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aceitar proposta' });
    await typeCode(dialog, created);
    await dialog.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page.getByRole('region', { name: 'Proposta aceite' })).toBeVisible();
    expect((await ownerView(request, created)).status).toBe('accepted');
    await context.close();
  });
});
