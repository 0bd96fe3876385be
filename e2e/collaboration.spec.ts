import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, DEMO, expect, expectAccessibleAtBothWidths, signIn, test } from './fixtures.ts';
import { lastMessageTo, linkFromOutbox } from './mail.ts';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A draft of the demo sales user, for a client with an email, made through the API as the editor would. */
async function createDraft(request: APIRequestContext, user = DEMO.sales) {
  const { headers } = await apiSession(request, user);
  const id = unique();
  const email = `colab-${id}@exemplo.pt`;
  const client = await request.post('/api/v1/clients', {
    headers,
    data: { name: `Rita Colaboração ${id}`, email },
  });
  expect(client.status()).toBe(201);
  const title = `Proposta colaborativa ${id}`;
  const proposal = await request.post('/api/v1/proposals', {
    headers,
    data: {
      title,
      clientId: (await client.json()).data.id,
      content: { blocks: [], items: [{ name: 'Consultoria', quantity: 2, unitPrice: 50_000 }] },
    },
  });
  expect(proposal.status()).toBe(201);
  const data = (await proposal.json()).data as { id: string; publicToken: string };
  return { ...data, title, email, headers };
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

// Flows, not about a phone: desktop only, each screen checked at 360 px on the spot (docs/architecture.md#tests).
test.describe('proposal collaboration', () => {
  test('sends by email after naming the recipient; the client gets the public link', async ({
    page,
    request,
  }) => {
    const draft = await createDraft(request);
    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${draft.id}`);
    await expect(page.getByText('Rascunho').first()).toBeVisible();

    await page.getByRole('button', { name: 'Enviar por email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar proposta por email' });
    await expect(dialog).toContainText(draft.email);
    // Replies go to the owner, and the missing validity date is pointed out before sending.
    await expect(dialog).toContainText(`As respostas do cliente chegam a ${DEMO.sales}`);
    await expect(dialog.getByText('A proposta não tem data de validade.')).toBeVisible();
    const subject = dialog.getByRole('textbox', { name: 'Assunto' });
    await expect(subject).toHaveValue(new RegExp(draft.title));
    await subject.fill(`Revista: ${draft.title}`);
    await expectAccessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: 'Enviar mesmo assim' }).click();
    await expect(page.getByText(`Proposta enviada para ${draft.email}.`)).toBeVisible();
    const mail = await lastMessageTo(draft.email);
    expect(mail.headers).toMatch(new RegExp(`^Reply-To: ${DEMO.sales}`, 'mi'));
    expect(mail.headers).toContain(`Subject: Revista: ${draft.title}`);
    // Reloaded: the status is now sent.
    await expect(page.getByText('Enviada').first()).toBeVisible();

    const link = await linkFromOutbox(draft.email, '/p/');
    expect(new URL(link).pathname).toBe(`/p/${draft.publicToken}`);
  });

  test('creates a version with notes and shows its snapshot', async ({ page, request }) => {
    const draft = await createDraft(request);
    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${draft.id}`);
    const versions = section(page, 'Histórico de versões');
    await expect(versions.getByText('Ainda não há versões.', { exact: false })).toBeVisible();

    await versions.getByRole('button', { name: 'Criar versão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar versão' });
    await dialog.getByRole('textbox', { name: 'Notas sobre as alterações' }).fill('   ');
    await dialog.getByRole('button', { name: 'Criar versão' }).click();
    await expect(dialog.getByText('Por favor, adicione notas sobre as alterações')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Notas sobre as alterações' })
      .fill('  Primeira versão para o cliente  ');
    await dialog.getByRole('button', { name: 'Criar versão' }).click();
    await expect(dialog).toBeHidden();

    await expect(versions.getByText('Primeira versão para o cliente')).toBeVisible();
    // 2 × 500,00 € + 23 % IVA.
    await expect(versions.getByText(/1\s230,00\s€/)).toBeVisible();
    // The version badge reads whole ('v1', never 'v…'), also on a phone.
    const cut = await versions
      .locator('.mantine-Badge-label')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      );
    expect(cut).toEqual([]);
    await versions.getByRole('button', { name: 'Ver', exact: true }).first().click();
    const snapshot = page.getByRole('dialog', { name: /^Versão \d+$/ });
    await expect(snapshot.getByText(draft.title)).toBeVisible();
    await expect(snapshot.getByText('Consultoria')).toBeVisible();
    await expect(snapshot.locator('dd').last()).toHaveText(/1\s230,00\s€/);
    await expectAccessibleAtBothWidths(page);
  });

  test('uploads with a description, downloads and deletes an attachment', async ({ page, request }) => {
    const draft = await createDraft(request);
    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${draft.id}`);
    const attachments = section(page, 'Anexos');
    await expect(attachments.getByText('Ainda não há anexos.')).toBeVisible();

    await attachments.getByRole('button', { name: 'Adicionar anexo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar anexo' });
    // The rules are checked before anything is sent.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'programa.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await expect(dialog.getByText(/Tipo de ficheiro não permitido/)).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'caderno-de-encargos.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Requisitos do projeto.\n'),
    });
    await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Requisitos acordados');
    await dialog.getByRole('checkbox', { name: /Visível para o cliente/ }).check();
    await expectAccessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: 'Anexar' }).click();
    await expect(dialog).toBeHidden();

    const item = attachments.getByRole('listitem').filter({ hasText: 'caderno-de-encargos.txt' });
    await expect(item).toContainText('Requisitos acordados');
    await expect(item).toContainText('Visível ao cliente');
    await expect(item).toContainText(/\d+ B/);

    // A text file opens in a new tab, fetched with the session.
    const popup = page.waitForEvent('popup');
    await item.getByRole('button', { name: 'caderno-de-encargos.txt', exact: true }).click();
    const tab = await popup;
    await expect(tab.locator('body')).toContainText('Requisitos do projeto.');
    await tab.close();

    await item.getByRole('button', { name: 'Eliminar anexo caderno-de-encargos.txt' }).click();
    await page
      .getByRole('dialog', { name: 'Eliminar anexo' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(attachments.getByText('Ainda não há anexos.')).toBeVisible();
  });

  test('comments, privately too; only the author edits or deletes', async ({ page, request, browser }) => {
    const draft = await createDraft(request);
    await signIn(page, DEMO.sales);
    await page.goto(`/proposals/${draft.id}`);
    const comments = section(page, 'Comentários');
    const field = comments.getByRole('textbox', { name: 'Novo comentário' });
    await field.fill('    ');
    await expect(comments.getByRole('button', { name: 'Comentar' })).toBeDisabled();
    await field.fill('Cliente pediu prazo de 30 dias.');
    await comments.getByRole('checkbox', { name: /Privado/ }).check();
    await comments.getByRole('button', { name: 'Comentar' }).click();
    await expect(comments.getByRole('listitem')).toHaveCount(1);
    const item = comments.getByRole('listitem').first();
    await expect(item).toContainText('Cliente pediu prazo de 30 dias.');
    await expect(item).toContainText('Privado');
    await expect(field).toHaveValue('');

    await item.getByRole('button', { name: 'Editar' }).click();
    await item.getByRole('textbox', { name: 'Editar comentário' }).fill('Cliente pediu prazo de 45 dias.');
    await item.getByRole('button', { name: 'Guardar' }).click();
    await expect(comments.getByText('Cliente pediu prazo de 45 dias.')).toBeVisible();
    await expectAccessibleAtBothWidths(page);

    // Another member sees the comment but cannot change it; the client's page never shows it.
    const manager = await browser.newContext();
    try {
      const other = await manager.newPage();
      await signIn(other, DEMO.manager);
      await other.goto(`/proposals/${draft.id}`);
      const theirs = section(other, 'Comentários').getByRole('listitem').filter({ hasText: '45 dias' });
      await expect(theirs).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Editar' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
      await other.goto(`/p/${draft.publicToken}`);
      await expect(other.getByRole('heading', { name: draft.title })).toBeVisible();
      await expect(other.getByText('45 dias')).toHaveCount(0);
    } finally {
      await manager.close();
    }

    await comments
      .getByRole('listitem')
      .filter({ hasText: '45 dias' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page
      .getByRole('dialog', { name: 'Eliminar comentário' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(comments.getByText('Ainda não há comentários.')).toBeVisible();
  });
});
