import { randomUUID } from 'node:crypto';
import { apiSession, call, DEMO, expect, expectAccessibleAtBothWidths, signInAt, test } from './fixtures.ts';

/**
 * "Pagamento por Débito Direto SEPA" in the proposal (issue 39, docs/product.md#the-schedule-in-the-proposal):
 * the demo admin saves the creditor (API), a salesperson turns SEPA on in the editor with 3 monthly
 * instalments and sees the schedule previewed, saves, sends, and the client's page shows the schedule. Axe and
 * the 360 px fit on the editor and on the public page.
 */
test('a salesperson turns SEPA on with 3 monthly instalments and the client sees the schedule', async ({
  page,
  request,
}) => {
  // Two screens, each checked by axe at both widths.
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const admin = await apiSession(request, DEMO.admin);
  await call(request, admin.accessToken, 'PUT', '/settings/payments', {
    name: 'Aceite Demo, Lda.',
    creditorIdentifier: 'PT19ZZZ101148',
    iban: 'PT50000201231234567890154',
    bic: '',
    defaultPattern: 'monthly',
    defaultInstalments: 3,
  });
  const sales = await apiSession(request, DEMO.sales);
  const client = await call<{ id: string }>(request, sales.accessToken, 'POST', '/clients', {
    name: `Rui Débito ${tag}`,
    email: `debito-${tag}@e2e-sepa.pt`,
  });
  const proposal = await call<{ id: string; publicToken: string }>(
    request,
    sales.accessToken,
    'POST',
    '/proposals',
    {
      title: `Avença ${tag}`,
      clientId: client.id,
      content: { blocks: [], items: [{ name: 'Avença', description: '', quantity: 1, unitPrice: 30_000 }] },
    },
  );

  await signInAt(page, `/proposals/${proposal.id}/edit`, DEMO.sales);
  const sepaSwitch = page.getByRole('switch', { name: 'Pagamento por Débito Direto SEPA' });
  await expect(sepaSwitch).toBeEnabled();
  await sepaSwitch.check();
  await page.getByText('Prestações mensais', { exact: true }).click();
  const instalments = page.getByRole('textbox', { name: 'Número de prestações' });
  await instalments.fill('3');
  // 300,00 € + 23 % IVA = 369,00 €: three of 123,00 €.
  const preview = page.getByRole('table', { name: 'Plano de cobranças' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('cell', { name: 'Primeira' })).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'Última' })).toBeVisible();
  await expect(preview.getByRole('cell', { name: /123,00/ })).toHaveCount(3);
  await expectAccessibleAtBothWidths(page);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}$`));

  const saved = await call<{ sepa: { pattern: string; instalments: number } | null }>(
    request,
    sales.accessToken,
    'GET',
    `/proposals/${proposal.id}`,
  );
  expect(saved.sepa).toMatchObject({ pattern: 'monthly', instalments: 3 });
  await call(request, sales.accessToken, 'POST', `/proposals/${proposal.id}/send`);

  await page.goto(`/p/${proposal.publicToken}`);
  await expect(page.getByRole('heading', { name: 'Pagamento por Débito Direto SEPA' })).toBeVisible();
  await expect(page.getByText('PT19ZZZ101148')).toBeVisible();
  const schedule = page.getByTestId('sepa-schedule');
  await expect(schedule.locator('tbody tr')).toHaveCount(3);
  await expect(schedule.getByRole('cell', { name: /123,00/ })).toHaveCount(3);
  await expectAccessibleAtBothWidths(page);
});
