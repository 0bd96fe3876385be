import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, expect, expectAccessibleAtBothWidths, signInAt, test } from './fixtures.ts';

/**
 * Configurações → Pagamentos (issue 39, docs/product.md#sepa-direct-debit): an admin of a fresh organization
 * (Professional during its trial) refuses a wrong creditor identifier with its message, then saves a valid
 * creditor. Axe and the 360 px fit on the filled form.
 */
test('the admin fills the SEPA creditor: a wrong identifier is refused, a valid one saved', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@e2e-sepa.pt`;
  const register = await page.request.post('/api/v1/auth/register', {
    data: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Sara',
      lastName: `Sepa${tag}`,
      organizationName: `Sepa ${tag}`,
    },
  });
  expect(register.status()).toBe(201);

  await signInAt(page, '/settings?tab=pagamentos', email);
  await expect(page.getByRole('tab', { name: 'Pagamentos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Ainda não configurou os dados de cobrança.')).toBeVisible();

  await page.getByRole('textbox', { name: /Nome do credor/ }).fill('Conceição e Filhos, Lda.');
  await page.getByRole('textbox', { name: /Identificador de credor/ }).fill('PT18ZZZ101148');
  await page.getByRole('textbox', { name: /IBAN/ }).fill('PT50 0002 0123 1234 5678 9015 4');
  await page.getByText('Prestações mensais', { exact: true }).click();
  await page.getByRole('textbox', { name: /Número de prestações/ }).fill('12');
  await page.getByRole('button', { name: 'Guardar dados de cobrança' }).click();
  await expect(
    page.getByText('O identificador de credor não é válido: verifique os dígitos de controlo.'),
  ).toBeVisible();

  await page.getByRole('textbox', { name: /Identificador de credor/ }).fill('PT19ZZZ101148');
  await page.getByRole('button', { name: 'Guardar dados de cobrança' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dados de cobrança guardados.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Identificador de credor/ })).toHaveValue('PT19ZZZ101148');
  await expect(page.getByRole('textbox', { name: /IBAN/ })).toHaveValue('PT50000201231234567890154');
  await expectAccessibleAtBothWidths(page);

  // Saved on the server, not only in the form.
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Nome do credor/ })).toHaveValue('Conceição e Filhos, Lda.');
  await expect(page.getByRole('textbox', { name: /Número de prestações/ })).toHaveValue('12');
});
