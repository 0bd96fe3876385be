import { randomUUID } from 'node:crypto';
import {
  apiSession,
  call,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectFits,
  PHONE_VIEWPORT,
  test,
} from './fixtures.ts';
import { enterAnswerCode } from './mail.ts';

/**
 * The SEPA mandate signed with the acceptance (issue 39, docs/product.md#the-mandate-at-acceptance): a client
 * opens the link on a phone (360 px), accepts with the account holder and the IBAN, confirms both with the one
 * emailed code, and sees the mandate reference and the IBAN masked. Axe on the filled dialog and the outcome.
 */
test.use({ viewport: PHONE_VIEWPORT, hasTouch: true });

test('a client accepts on a phone with the SEPA mandate and sees its reference', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@e2e-mandate.pt`;
  const register = await request.post('/api/v1/auth/register', {
    data: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Marta',
      lastName: `Mandato${tag}`,
      organizationName: `Mandato ${tag}`,
    },
  });
  expect(register.status()).toBe(201);
  const { accessToken } = await apiSession(request, email);
  await call(request, accessToken, 'PUT', '/settings/payments', {
    name: 'Conceição e Filhos, Lda.',
    creditorIdentifier: 'PT19ZZZ101148',
    iban: 'PT50002700000001234567833',
    bic: '',
    defaultPattern: 'monthly',
    defaultInstalments: 3,
  });
  const clientEmail = `cliente-${tag}@e2e-mandate.pt`;
  const client = await call<{ id: string }>(request, accessToken, 'POST', '/clients', {
    name: 'Joana Lima',
    email: clientEmail,
  });
  const title = `Avença ${tag}`;
  const proposal = await call<{ id: string; publicToken: string }>(
    request,
    accessToken,
    'POST',
    '/proposals',
    {
      title,
      clientId: client.id,
      content: { blocks: [], items: [{ name: 'Avença mensal', quantity: 1, unitPrice: 30_000 }] },
      sepa: { pattern: 'monthly', instalments: 3, firstCollectionDate: '2030-01-10' },
    },
  );
  await call(request, accessToken, 'POST', `/proposals/${proposal.id}/send`, {});

  await page.goto(`/p/${proposal.publicToken}`);
  await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Aceitar proposta' });
  await expect(dialog.getByTestId('mandate-text')).toContainText('PT19ZZZ101148');
  await expect(dialog.getByTestId('mandate-text')).toContainText('oito semanas');

  // Without the consent and with a wrong IBAN, nothing is sent: the messages say why.
  await dialog.getByRole('textbox', { name: /Titular da conta/ }).fill('Joana Lima');
  await dialog.getByRole('textbox', { name: /IBAN/ }).pressSequentially('pt50000201231234567890155');
  await expect(dialog.getByRole('textbox', { name: /IBAN/ })).toHaveValue('PT50 0002 0123 1234 5678 9015 5');
  await enterAnswerCode(dialog, clientEmail, tag);
  await dialog.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await expect(dialog.getByText(/O IBAN não é válido/)).toBeVisible();
  await expect(dialog.getByText('Para aceitar, autorize o débito direto nos termos acima.')).toBeVisible();

  await dialog.getByRole('textbox', { name: /IBAN/ }).fill('PT50 0002 0123 1234 5678 9015 4');
  await dialog.getByRole('checkbox', { name: 'Autorizo o débito direto nos termos acima' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Aceitar', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Proposta aceite' })).toBeVisible();
  const mandate = page.getByTestId('signed-mandate');
  await expect(mandate).toContainText(/referência ORC-\d{4}-\d+-M1|referência [A-Z0-9-]+-M1/);
  await expect(mandate).toContainText('PT50 •••• •••• •••• •••• 0154');
  await expect(page.locator('body')).not.toContainText('PT50000201231234567890154');
  await expectAccessible(page);
  await expectFits(page);
});
