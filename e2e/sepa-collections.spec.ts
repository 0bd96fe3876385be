import { readFile } from 'node:fs/promises';
import { DEMO, expect, expectAccessibleAtBothWidths, signInAt, test } from './fixtures.ts';

/** The demo seed's mandate (apps/server/src/db/seed-demo.ts): its collections' EndToEndIds start with it. */
const MANDATE_REFERENCE = 'ACEITE-DEMO-0001';

/**
 * Pagamentos (issue 39, docs/product.md#mandates-collections-and-the-file): the demo admin opens it from the
 * sidebar, exports the first date with due collections and gets the SEPA file, marks the collection returned
 * with a reason, sees the mandate with its IBAN masked, and downloads the file again from "Ficheiros". Axe and the
 * 360 px fit on the three tabs.
 */
test('the demo admin exports the SEPA file, marks a collection returned and sees the mandate', async ({
  page,
}) => {
  test.slow(); // Three tabs, each checked with axe at both widths, and two downloads.
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

  // "Ficheiros": the file just exported, newest first, downloads again as it was written.
  const fileName = download.suggestedFilename();
  const messageId = fileName.replace(/^sepa-\d{4}-\d{2}-\d{2}-/, '').replace(/\.xml$/, '');
  await page.getByRole('tab', { name: 'Ficheiros' }).click();
  await expect(page).toHaveURL(/\/payments\?tab=ficheiros$/);
  const files = page.getByRole('region', { name: 'Tabela dos ficheiros SEPA' });
  await expect(files.getByRole('row').nth(1)).toContainText(messageId);
  const again = page.waitForEvent('download');
  await files.getByRole('button', { name: `Descarregar ${messageId}` }).click();
  const downloadedAgain = await again;
  expect(downloadedAgain.suggestedFilename()).toBe(fileName);
  expect(await readFile(await downloadedAgain.path(), 'utf8')).toBe(xml);
  await expectAccessibleAtBothWidths(page);
});
