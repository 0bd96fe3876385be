import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect as baseExpect,
  call,
  expectAccessible,
  expectAccessibleAtBothWidths,
  signIn,
  test,
} from './fixtures.ts';
import { enterAnswerCode, linkFromOutbox } from './mail.ts';
import { scaled } from './timing.ts';

/**
 * Approvals (docs/product.md#approvals): a salesperson asks, the manager of their team returns it with a comment,
 * the salesperson asks again, the manager approves, and then it can be sent. Each run has its own organization
 * (its policy would otherwise hold up the other specs' proposals of the demo organization).
 */

test.describe.configure({ timeout: scaled(180_000) });
const expect = baseExpect.configure({ timeout: scaled(15_000) });

const PASSWORD = 'Aprovacoes2026!';
const PHONE = { viewport: { width: 360, height: 740 } };

interface Person {
  email: string;
  id: string;
}

async function invite(
  request: APIRequestContext,
  adminToken: string,
  tag: string,
  role: 'manager' | 'sales',
  teamId: string | null,
): Promise<Person> {
  const email = `${role}-${tag}@aprovacoes.pt`;
  await call(request, adminToken, 'POST', '/users/invite', { email, role, teamId });
  const token = new URL(await linkFromOutbox(email, '/accept-invite')).searchParams.get('token') ?? '';
  const names = role === 'manager' ? ['Marta', 'Gestora'] : ['Vasco', 'Vendedor'];
  const res = await request.post(`/api/v1/invites/${encodeURIComponent(token)}/accept`, {
    data: { firstName: names[0], lastName: `${names[1]} ${tag}`, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  return { email, id: (await res.json()).data.user.id };
}

/**
 * A new organization: an admin, a manager managing a team with a salesperson in it, approval required from
 * 1 000 € and a draft of 3 075,00 € owned by the salesperson.
 */
async function setUp(request: APIRequestContext) {
  const tag = randomUUID().slice(0, 8);
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      email: `admin-${tag}@aprovacoes.pt`,
      password: PASSWORD,
      firstName: 'Ana',
      lastName: `Admin ${tag}`,
      organizationName: `Aprovações ${tag}`,
    },
  });
  expect(registered.status()).toBe(201);
  const admin = (await registered.json()).data.accessToken as string;
  const manager = await invite(request, admin, tag, 'manager', null);
  const team = await call<{ id: string }>(request, admin, 'POST', '/teams', {
    name: `Equipa ${tag}`,
    description: null,
    managerId: manager.id,
  });
  const sales = await invite(request, admin, tag, 'sales', team.id);
  const org = await call<{ name: string; domain: string | null; branding: unknown; settings: object }>(
    request,
    admin,
    'GET',
    '/settings/organization',
  );
  await call(request, admin, 'PUT', '/settings/organization', {
    name: org.name,
    domain: org.domain,
    branding: org.branding,
    settings: { ...org.settings, approvalMinTotal: 100_000 },
  });
  const login = await request.post('/api/v1/auth/login', {
    data: { email: sales.email, password: PASSWORD },
  });
  const salesToken = (await login.json()).data.accessToken as string;
  const client = await call<{ id: string }>(request, salesToken, 'POST', '/clients', {
    name: `Rita Cliente ${tag}`,
    email: `cliente-${tag}@aprovacoes.pt`,
  });
  const title = `Website ${tag}`;
  const proposal = await call<{ id: string }>(request, salesToken, 'POST', '/proposals', {
    title,
    clientId: client.id,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    content: { blocks: [], items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 250_000 }] },
  });
  return {
    tag,
    title,
    proposalId: proposal.id,
    manager,
    sales,
    salesToken,
    clientId: client.id,
    clientEmail: `cliente-${tag}@aprovacoes.pt`,
  };
}

async function openAs(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return { context, page };
}

async function dialogSettled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('approvals @mobile', () => {
  test(
    'a salesperson asks, the manager returns it with a comment, then approves, and it can be sent',
    { tag: '@desktop' },
    async ({ page, browser, baseURL, request }, _testInfo) => {
      const org = await setUp(request);

      // The salesperson: sending is blocked and says why; the public link is not offered.
      await signIn(page, org.sales.email, PASSWORD);
      await page.goto(`/proposals/${org.proposalId}`);
      const send = page.getByRole('button', { name: 'Enviar por email' });
      await expect(send).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByText(/Esta proposta precisa de aprovação antes de ser enviada\./)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copiar link público' })).toHaveCount(0);
      await expectAccessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Pedir aprovação' }).click();
      const ask = await dialogSettled(page, 'Pedir aprovação');
      await ask.getByLabel('Nota para quem aprova').fill('Cliente estratégico, margem confirmada.');
      await expectAccessibleAtBothWidths(page);
      await ask.getByRole('button', { name: 'Pedir aprovação' }).click();
      await expect(page.getByText(/À espera de aprovação/)).toBeVisible();

      // The manager of the salesperson's team: 'Para aprovar' in the sidebar with its count.
      const manager = await openAs(browser, baseURL, org.manager.email);
      const m = manager.page;
      const nav = m.getByRole('navigation', { name: 'Navegação principal' });
      await nav.getByRole('button', { name: 'Propostas' }).click();
      const queue = nav.getByRole('link', { name: /Para aprovar/ });
      await expect(queue).toContainText('1');
      await queue.click();
      await expect(m).toHaveURL(/\/proposals\?status=para-aprovar$/);
      await expect(m.getByRole('radio', { name: /Para aprovar/ })).toBeChecked();
      await expectAccessible(m);
      await m.getByRole('link', { name: org.title, exact: true }).click();
      await expect(m.getByText('Cliente estratégico, margem confirmada.', { exact: false })).toBeVisible();
      await m.getByRole('button', { name: 'Devolver' }).click();
      const giveBack = await dialogSettled(m, 'Devolver proposta');
      await giveBack.getByRole('button', { name: 'Devolver' }).click();
      await expect(giveBack.getByText('Indique o que deve ser alterado')).toBeVisible();
      await giveBack.getByLabel(/O que deve ser alterado/).fill('Inclua o alojamento no primeiro ano.');
      await expectAccessible(m);
      await giveBack.getByRole('button', { name: 'Devolver' }).click();
      await expect(m.getByText('Proposta devolvida.')).toBeVisible();

      // The salesperson sees the comment on the proposal and asks again.
      await page.reload();
      const returned = page.getByRole('alert').filter({ hasText: 'devolveu a proposta' });
      await expect(returned).toContainText('Inclua o alojamento no primeiro ano.');
      await expectAccessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Pedir aprovação' }).click();
      const again = await dialogSettled(page, 'Pedir aprovação');
      await again.getByRole('button', { name: 'Pedir aprovação' }).click();
      await expect(page.getByText(/À espera de aprovação/)).toBeVisible();

      // The manager approves.
      await m.reload();
      await m.getByRole('button', { name: 'Aprovar' }).click();
      await expect(m.getByText('Proposta aprovada.')).toBeVisible();
      await manager.context.close();

      // Now it can be sent.
      await page.reload();
      await expect(page.getByText('Aprovada: já pode ser enviada ao cliente.')).toBeVisible();
      await expect(send).not.toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('button', { name: 'Copiar link público' })).toBeVisible();
      await send.click();
      const dialog = await dialogSettled(page, 'Enviar proposta por email');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await expect(page.getByText(`Proposta enviada para ${org.clientEmail}.`)).toBeVisible();
    },
  );
});

test.describe('approval settings @mobile', () => {
  test(
    'an admin requires approval from a 15 % discount in Settings → Organização',
    { tag: '@desktop' },
    async ({ page, request }, _testInfo) => {
      const tag = randomUUID().slice(0, 8);
      const email = `regras-${tag}@aprovacoes.pt`;
      const registered = await request.post('/api/v1/auth/register', {
        data: {
          email,
          password: PASSWORD,
          firstName: 'Rui',
          lastName: `Regras ${tag}`,
          organizationName: `Regras ${tag}`,
        },
      });
      expect(registered.status()).toBe(201);
      const token = (await registered.json()).data.accessToken as string;

      await signIn(page, email, PASSWORD);
      await page.goto('/settings?tab=organizacao');
      const section = page.getByRole('form', { name: 'Aprovação obrigatória' });
      await expect(section.getByRole('switch', { name: 'A partir de um valor total' })).not.toBeChecked();
      await expect(
        section.getByRole('switch', { name: /Administradores e gestores aprovam as próprias propostas/ }),
      ).toBeChecked();
      await section.getByRole('switch', { name: /A partir de uma percentagem de desconto/ }).click();
      await section.getByLabel(/Desconto igual ou superior a/).fill('15');
      await section.getByRole('button', { name: 'Guardar aprovações' }).click();
      await expect(page.getByText('Regras de aprovação guardadas.')).toBeVisible();
      await expectAccessibleAtBothWidths(page);
      const saved = await call<{ settings: Record<string, unknown> }>(
        request,
        token,
        'GET',
        '/settings/organization',
      );
      expect(saved.settings).toMatchObject({ approvalMinDiscountPercent: 15, approvalMinTotal: null });
    },
  );
});

test.describe('approval follows the content (issue 34)', () => {
  test('a sent proposal edited over the limit goes back to review; the client waits; the manager approves; the client signs', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const org = await setUp(request);
    // 12,30 € sent to the client: under the 1 000 € rule, no approval needed.
    const title = `Manutenção ${org.tag}`;
    const small = await call<{ id: string; publicToken: string }>(
      request,
      org.salesToken,
      'POST',
      '/proposals',
      {
        title,
        clientId: org.clientId,
        validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        taxRate: 23,
        content: { blocks: [], items: [{ name: 'Revisão', description: '', quantity: 1, unitPrice: 1_000 }] },
      },
    );
    await call(request, org.salesToken, 'POST', `/proposals/${small.id}/send`);

    // The salesperson raises the price while it is with the client: approval re-opens.
    await signIn(page, org.sales.email, PASSWORD);
    await page.goto(`/proposals/${small.id}/edit`);
    await page.getByRole('group', { name: 'Item 1' }).getByLabel('Preço unitário (€)').fill('50000');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    // With the client: the change is a new version on the same link.
    await page
      .getByRole('dialog', { name: 'O cliente já viu esta proposta' })
      .getByRole('button', { name: 'Guardar nova versão' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${small.id}$`));
    const review = page.getByRole('alert').filter({ hasText: 'precisa de nova aprovação' });
    await expect(review).toBeVisible();
    await expectAccessible(page);

    // Meanwhile the client, on a 360 px phone, can read it but not answer.
    const context = await browser.newContext({ baseURL, locale: 'pt-PT', viewport: PHONE.viewport });
    const client = await context.newPage();
    await client.goto(`/p/${small.publicToken}`);
    await expect(client.getByRole('region', { name: 'Proposta em revisão' })).toBeVisible();
    await expect(client.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
    await expect(client.getByRole('button', { name: 'Assinar proposta' })).toHaveCount(0);
    await expectAccessible(client);

    // The manager approves the new content.
    const manager = await openAs(browser, baseURL, org.manager.email);
    await manager.page.goto(`/proposals/${small.id}`);
    await manager.page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(manager.page.getByText('Proposta aprovada.')).toBeVisible();
    await manager.context.close();

    // The client now signs the approved content.
    await client.reload();
    await client.getByRole('textbox', { name: /Nome completo/ }).fill('Rita Cliente');
    await client.getByRole('textbox', { name: /Email/ }).fill(org.clientEmail);
    await client.getByRole('button', { name: 'Assinar proposta' }).click();
    const dialog = client.getByRole('dialog', { name: 'Assinar proposta' });
    const canvas = dialog.getByRole('img', { name: 'Área de assinatura' });
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('The signature canvas has no box');
    await client.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.5);
    await client.mouse.down();
    for (let i = 1; i <= 8; i++) {
      await client.mouse.move(
        box.x + box.width * (0.1 + i * 0.09),
        box.y + box.height * (0.5 + (i % 2) * 0.2),
        {
          steps: 2,
        },
      );
    }
    await client.mouse.up();
    // The tag: the email's text is quoted-printable, where the title's accents are encoded.
    await enterAnswerCode(dialog, org.clientEmail, org.tag);
    await dialog.getByRole('button', { name: 'Confirmar Assinatura' }).click();
    await expect(client.getByRole('region', { name: 'Proposta assinada e aceite' })).toBeVisible();
    // 50 000 € + IVA 23 %.
    await expect(client.locator('.pp-hero-total')).toContainText(/61\s?500,00\s€/);
    await context.close();
  });
});
