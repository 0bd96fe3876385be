import { DEMO, expect, expectAccessibleAtBothWidths, signInAt, test } from './fixtures.ts';
import { scaled } from './timing.ts';

// The copy button writes the key to the clipboard; the test reads it back from there.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

// The journey runs once, in the desktop project; each screen it checks is checked at 360 px as well, on the spot
// (expectAccessibleAtBothWidths; docs/architecture.md#tests).
test.describe('API keys in Settings → Integrações', () => {
  test('an admin creates a key, copies it, calls the API with it and revokes it', async ({ page }) => {
    // A whole journey with four accessibility checks.
    test.setTimeout(scaled(120_000));
    const name = `CRM ${test.info().project.name} ${Date.now()}`;
    await signInAt(page, '/settings', DEMO.admin);
    await page.getByRole('tab', { name: 'Integrações' }).click();
    await expect(page).toHaveURL(/tab=integracoes/);
    await expect(page.getByRole('heading', { name: 'Chaves de API' })).toBeVisible();

    await page.getByRole('button', { name: 'Nova chave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova chave de API' });
    await dialog.getByLabel(/^Nome/).fill(name);
    await dialog.getByRole('radio', { name: /Só leitura/ }).check();
    await expectAccessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: 'Criar chave' }).click();

    const shown = page.getByRole('dialog', { name: 'Chave de API criada' });
    await expect(shown.getByText('não voltará a ser mostrada')).toBeVisible();
    await shown.getByRole('button', { name: 'Copiar chave' }).click();
    await expect(shown.getByRole('button', { name: 'Copiada' })).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^ak_[0-9A-Za-z]{43}$/);
    await expect(shown.getByText(key)).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await shown.getByRole('button', { name: 'Concluído' }).click();

    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText(`${key.slice(0, 11)}…`)).toBeVisible();
    await expectAccessibleAtBothWidths(page);

    // The key calls the API as the organization, read-only.
    const headers = { authorization: `Bearer ${key}` };
    const read = await page.request.get('/api/v1/clients', { headers });
    expect(read.status()).toBe(200);
    expect(read.headers()['ratelimit-limit']).toBe('600');
    const write = await page.request.post('/api/v1/clients', {
      headers,
      data: { name: 'Via API', email: `api-${Date.now()}@exemplo.pt` },
    });
    expect(write.status()).toBe(403);

    await page.getByRole('button', { name: `Revogar a chave ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revogar chave de API' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await expect(page.getByText(`A chave «${name}» foi revogada.`)).toBeVisible();
    await expect(page.getByText(`${key.slice(0, 11)}…`)).toHaveCount(0);
    expect((await page.request.get('/api/v1/clients', { headers })).status()).toBe(401);
    // No sideways scrolling of the page (at 360 px: expectAccessibleAtBothWidths).
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectAccessibleAtBothWidths(page);
  });
});
