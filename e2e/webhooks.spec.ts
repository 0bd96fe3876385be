import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect as baseExpect, expectAccessibleAtBothWidths, signIn, test } from './fixtures.ts';
import { scaled } from './timing.ts';

test.describe.configure({ timeout: scaled(120_000) });
// Deliveries reach the log within the worker's wake-up and the log's 3 s refresh.
const expect = baseExpect.configure({ timeout: scaled(20_000) });
const PASSWORD = 'Webhooks-2026!';

/** A CRM's receiver on loopback: answers 200 and keeps the bodies whose signature verifies. */
async function startReceiver() {
  const bodies: { type: string; id: string }[] = [];
  const state = { secret: '' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        bodies.push(new Webhook(state.secret).verify(body, req.headers as Record<string, string>) as never);
        res.writeHead(200).end('recebido');
      } catch {
        res.writeHead(400).end('assinatura inválida');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/aceite`,
    bodies,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

test.describe('webhooks in Configurações → Integrações @mobile', () => {
  test('add an endpoint, send a test event, see it in the log, replay it', { tag: '@desktop' }, async ({
    page,
    request,
  }) => {
    const receiver = await startReceiver();
    try {
      // A fresh organization: its admin, its endpoints, nobody else's events.
      const email = `webhooks-${randomUUID().slice(0, 8)}@exemplo.pt`;
      const registered = await request.post('/api/v1/auth/register', {
        data: {
          email,
          password: PASSWORD,
          firstName: 'Wanda',
          lastName: 'Hook',
          organizationName: 'Hooks Lda',
        },
      });
      expect(registered.status()).toBe(201);
      await signIn(page, email, PASSWORD);

      await page.goto('/settings?tab=integracoes');
      await expect(page.getByRole('tab', { name: 'Integrações' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('Ainda não há webhooks.')).toBeVisible();
      await expectAccessibleAtBothWidths(page);

      await page.getByRole('button', { name: 'Adicionar webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Adicionar webhook' });
      await form.getByLabel(/^URL/).fill(receiver.url);
      await form.getByLabel('Descrição').fill('CRM de testes');
      await form.getByLabel('Proposta aceite').check();
      await expectAccessibleAtBothWidths(page);
      await form.getByRole('button', { name: 'Adicionar webhook' }).click();
      await expect(form).toBeHidden();
      const card = page.getByRole('listitem').filter({ hasText: receiver.url });
      await expect(card.getByText('Ativo')).toBeVisible();

      // The secret, shown on request, is what the receiver verifies with.
      await card.getByRole('button', { name: 'Mostrar segredo' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Segredo de assinatura' });
      const secret = ((await secretDialog.locator('pre, code').first().textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      receiver.state.secret = secret;
      await page.keyboard.press('Escape');
      await expect(secretDialog).toBeHidden();

      await card.getByRole('button', { name: 'Enviar evento de teste' }).click();
      const log = page.getByRole('dialog', { name: /^Entregas de/ });
      await expect(log.getByText('webhook.test').first()).toBeVisible();
      await expect(log.getByText('200').first()).toBeVisible();
      expect(receiver.bodies.map((b) => b.type)).toEqual(['webhook.test']);
      await expectAccessibleAtBothWidths(page);

      await log
        .getByRole('button', { name: /^Reenviar webhook\.test/ })
        .first()
        .click();
      await expect.poll(() => receiver.bodies.length).toBe(2);
      expect(receiver.bodies[1]?.id).toBe(receiver.bodies[0]?.id);
      await expect(log.getByRole('button', { name: /^Reenviar webhook\.test/ })).toHaveCount(2);
    } finally {
      await receiver.close();
    }
  });
});
