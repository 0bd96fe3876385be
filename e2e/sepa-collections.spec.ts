import { readFile } from 'node:fs/promises';
import { DEMO, expect, expectAccessibleAtBothWidths, signInAt, test } from './fixtures.ts';

/** The demo seed's mandate (apps/server/src/db/seed-demo.ts): its collections' EndToEndIds start with it. */
const MANDATE_REFERENCE = 'ACEITE-DEMO-0001';

/**
 * Pagamentos (issue 39, docs/product.md#mandates-collections-and-the-file): the demo admin opens it from the
 * sidebar, exports the first date with due collections and gets the SEPA file, marks the collection returned
 * with a reason, and sees the mandate with its IBAN masked. Axe and the 360 px fit on both tabs.
 */
test('the demo admin exports the SEPA file, marks a collection returned and sees the mandate', async ({
  page,
}) => {
  await signInAt(page, '/dashboard', DEMO.admin);
  await page.getByRole('link', { name: 'Pagamentos', exact: true }).first().click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: 'Pagamentos', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Cobranças' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('collection-row').first()).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The first date with due collections (a retry finds the next one: the export is once per collection).
  const exportButton = page.getByRole('button', { name: 'Exportar ficheiro SEPA' });
  const firstDue = page.getByRole('region').filter({ has: exportButton }).first();
  const date = await firstDue.getAttribute('aria-label');
  expect(date).toBeTruthy();
  await firstDue.getByRole('button', { name: 'Exportar ficheiro SEPA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar ficheiro SEPA' });
  await expect(dialog.getByRole('radio', { name: /pain\.008\.001\.02/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sepa-\d{4}-\d{2}-\d{2}-.+\.xml$/);
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain('pain.008.001.02');
  expect(xml).toMatch(new RegExp(`<EndToEndId>${MANDATE_REFERENCE}-\\d+</EndToEndId>`));

  const exported = page.getByRole('region', { name: date ?? '' });
  await expect(exported.getByText('Submetida', { exact: true })).toBeVisible();
  await exported.getByRole('button', { name: 'Marcar como devolvida' }).first().click();
  const returnDialog = page.getByRole('dialog', { name: 'Marcar como devolvida' });
  await returnDialog.getByRole('combobox', { name: 'Motivo da devolução' }).click();
  await page.getByRole('option', { name: 'AM04 — Saldo insuficiente' }).click();
  await returnDialog.getByRole('button', { name: 'Marcar como devolvida' }).click();
  await expect(returnDialog).toBeHidden();
  await expect(exported.getByText('Devolvida', { exact: true })).toBeVisible();
  await expect(exported.getByText('AM04 — Saldo insuficiente')).toBeVisible();

  await page.getByRole('tab', { name: 'Mandatos' }).click();
  await expect(page).toHaveURL(/\/payments\?tab=mandatos$/);
  await expect(page.getByTestId('mandate-row').first()).toBeVisible();
  await expect(page.getByText(/^PT50( ••••)+ 0154$/).first()).toBeVisible();
  await expect(page.getByText(/PT50000201231234567890154/)).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
});
