import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect, call, expectAccessibleAtBothWidths, signIn, test } from './fixtures.ts';
import { scaled } from './timing.ts';

/**
 * Reminders (docs/product.md#reminders): an admin sets them in Settings → Organização, and a client stops them
 * from the link of a reminder email (/p/{token}/lembretes). Each run has its own organization.
 */

test.describe.configure({ timeout: scaled(120_000) });
const expect = baseExpect.configure({ timeout: scaled(15_000) });

const PASSWORD = 'Lembretes2026!';

async function register(request: APIRequestContext) {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@lembretes.pt`;
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Rui',
      lastName: `Lembretes ${tag}`,
      organizationName: `Lembretes ${tag}`,
    },
  });
  expect(registered.status()).toBe(201);
  return { tag, email, token: (await registered.json()).data.accessToken as string };
}

test.describe('reminders @mobile', () => {
  test(
    'an admin changes the reminders in Settings → Organização',
    { tag: '@desktop' },
    async ({ page, request }, _testInfo) => {
      const admin = await register(request);
      await signIn(page, admin.email, PASSWORD);
      await page.goto('/settings?tab=organizacao');
      const section = page.getByRole('form', { name: 'Lembretes automáticos' });
      await expect(
        section.getByRole('switch', { name: 'Lembrar o cliente que ainda não abriu a proposta' }),
      ).toBeChecked();
      await expect(section.getByLabel('Dias depois do envio')).toHaveValue('3');
      await expect(section.getByLabel('Dias depois da última visualização')).toHaveValue('5');
      await expect(section.getByLabel('Dias antes da data de validade')).toHaveValue('2');
      await section.getByLabel('Dias depois do envio').fill('0');
      await section.getByRole('button', { name: 'Guardar lembretes' }).click();
      await expect(section.getByText('Indique um número inteiro de dias entre 1 e 60')).toBeVisible();
      await section.getByLabel('Dias depois do envio').fill('4');
      // Mantine's switch is an invisible input laid over its label: a pointer click once waited 4 minutes in CI
      // for it to be "visible and stable". The keyboard toggles the same input, as a person tabbing does.
      const summary = section.getByRole('switch', { name: /Resumo diário ao responsável/ });
      await summary.focus();
      await page.keyboard.press('Space');
      await expect(summary).not.toBeChecked();
      await section.getByRole('button', { name: 'Guardar lembretes' }).click();
      await expect(page.getByText('Lembretes guardados.')).toBeVisible();
      await expectAccessibleAtBothWidths(page);
      const saved = await call<{ settings: Record<string, unknown> }>(
        request,
        admin.token,
        'GET',
        '/settings/organization',
      );
      expect(saved.settings).toMatchObject({ reminderNotOpenedDays: 4, reminderOwnerSummaryEnabled: false });
    },
  );

  test(
    'the client stops the reminders from the link, without the proposal being counted as viewed',
    { tag: '@desktop' },
    async ({ page, request }, _testInfo) => {
      const admin = await register(request);
      const client = await call<{ id: string }>(request, admin.token, 'POST', '/clients', {
        name: `Joana Cliente ${admin.tag}`,
        email: `cliente-${admin.tag}@lembretes.pt`,
      });
      const proposal = await call<{ id: string; publicToken: string }>(
        request,
        admin.token,
        'POST',
        '/proposals',
        {
          title: `Website ${admin.tag}`,
          clientId: client.id,
          content: {
            blocks: [],
            items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 250_000 }],
          },
        },
      );
      await call(request, admin.token, 'POST', `/proposals/${proposal.id}/send`, { attachPdf: false });

      await page.goto(`/p/${proposal.publicToken}/lembretes`);
      await expect(page.getByRole('heading', { name: 'Lembretes desta proposta' })).toBeVisible();
      await expectAccessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Não quero receber mais lembretes' }).click();
      await expect(page.getByRole('heading', { name: 'Não vai receber mais lembretes' })).toBeVisible();
      await expectAccessibleAtBothWidths(page);
      // Asking again is harmless; the page did not open the proposal, which is still only sent.
      const again = await request.post(`/api/v1/public/proposals/${proposal.publicToken}/reminders/stop`);
      expect(again.status()).toBe(200);
      const after = await call<{ status: string }>(request, admin.token, 'GET', `/proposals/${proposal.id}`);
      expect(after.status).toBe('sent');

      await page.getByRole('link', { name: 'Ver proposta' }).click();
      await expect(page.getByRole('heading', { name: `Website ${admin.tag}` })).toBeVisible();
    },
  );
});
