import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@aceite/shared/messages';
import { parse } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalAttachments } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let sales2: TestUser;
let proposalId: string;
let publicToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  sales2 = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  const clientId = (await as(t.app, team.sales)('POST', '/clients', { name: 'C', email: 'c@c.pt' })).json()
    .data.id;
  const created = (
    await as(t.app, team.sales)('POST', '/proposals', { title: 'Com anexos', clientId })
  ).json().data;
  proposalId = created.id;
  publicToken = created.publicToken;
});
afterAll(async () => {
  await t.close();
});

async function upload(
  user: TestUser,
  file: { name: string; content: Buffer; type?: string },
  fields: Record<string, string> = {},
  id = proposalId,
) {
  const { payload, contentType } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/proposals/${id}/attachments`,
    headers: { ...(await authHeaders(t.app, user)), 'content-type': contentType },
    payload,
  });
}

describe('attachments', () => {
  it('uploads, lists and downloads a file as an attachment with nosniff', async () => {
    const res = await upload(
      team.sales,
      { name: 'orçamento final.pdf', content: PDF, type: 'text/html' },
      {
        description: 'Orçamento detalhado',
        isVisibleToClient: 'true',
      },
    );
    expect(res.statusCode).toBe(201);
    const a = res.json().data;
    expect(a).toMatchObject({
      fileName: 'orçamento final.pdf',
      description: 'Orçamento detalhado',
      fileSize: PDF.length,
      mimeType: 'application/pdf',
      isVisibleToClient: true,
      uploader: { firstName: 'Teste' },
    });
    const [row] = await t.db.select().from(proposalAttachments).where(eq(proposalAttachments.id, a.id));
    expect(row?.storageKey).not.toContain('orçamento');

    const list = await as(t.app, team.viewer)('GET', `/proposals/${proposalId}/attachments`);
    expect(list.json().data.map((x: { id: string }) => x.id)).toContain(a.id);

    const download = await t.app.inject({
      url: `/api/v1/proposals/${proposalId}/attachments/${a.id}/download`,
      headers: await authHeaders(t.app, team.viewer),
    });
    expect(download.statusCode).toBe(200);
    // The one writer of download names (RFC 6266): the UTF-8 name as filename*, an ASCII fallback without the
    // accent for clients that read only filename.
    const disposition = String(download.headers['content-disposition']);
    expect(parse(disposition).parameters.filename).toBe('orçamento final.pdf');
    expect(disposition).toBe(
      `attachment; filename="orcamento final.pdf"; filename*=UTF-8''or%C3%A7amento%20final.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const pub = await t.app.inject({ url: `/api/v1/public/proposals/${publicToken}/attachments` });
    expect(pub.json().data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const pubDownload = await t.app.inject({
      url: `/api/v1/public/proposals/${publicToken}/attachments/${a.id}/download`,
    });
    expect(pubDownload.statusCode).toBe(200);
  });

  it('keeps hidden attachments off the public page', async () => {
    const hidden = (await upload(team.sales, { name: 'interno.png', content: PNG })).json().data;
    const pub = await t.app.inject({ url: `/api/v1/public/proposals/${publicToken}/attachments` });
    expect(pub.json().data.map((x: { id: string }) => x.id)).not.toContain(hidden.id);
    const res = await t.app.inject({
      url: `/api/v1/public/proposals/${publicToken}/attachments/${hidden.id}/download`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a NUL character in a multipart field with 400, not a database error', async () => {
    const res = await upload(
      team.sales,
      { name: 'a.pdf', content: PDF, type: 'application/pdf' },
      {
        description: 'antes\u0000depois',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.invalidCharacters);
  });

  it('refuses a file over 10 MB with 413 and the spec message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    expect(big.length).toBe(10 * 1024 * 1024 + 1);
    const res = await upload(team.sales, { name: 'grande.pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(MESSAGES.fileTooLarge);
  });

  it('refuses a caller without the right before reading the upload: 403 for a viewer, even for 10 MB + 1', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const res = await upload(team.viewer, { name: 'grande.pdf', content: big });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a renamed executable and unknown extensions with 415', async () => {
    const renamed = await upload(team.sales, { name: 'fatura.pdf', content: EXE });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error.message).toBe(MESSAGES.fileTypeNotAllowed);
    expect((await upload(team.sales, { name: 'programa.exe', content: EXE })).statusCode).toBe(415);
    expect((await upload(team.sales, { name: 'notas.txt', content: PNG })).statusCode).toBe(415);
    expect(
      (await upload(team.sales, { name: 'notas.txt', content: Buffer.from('Olá, mundo\n') })).statusCode,
    ).toBe(201);
  });

  it('answers 400 without a file', async () => {
    const { payload, contentType } = multipart({ description: 'sem ficheiro' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${proposalId}/attachments`,
      headers: { ...(await authHeaders(t.app, team.sales)), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.fileRequired);
  });

  it('lets only the proposal owner (or managers) upload, and only admins or the uploader delete', async () => {
    expect((await upload(sales2, { name: 'x.png', content: PNG })).statusCode).toBe(403);
    expect((await upload(team.viewer, { name: 'x.png', content: PNG })).statusCode).toBe(403);
    const byManager = (await upload(team.manager, { name: 'gestor.png', content: PNG })).json().data;
    const bySales = (await upload(team.sales, { name: 'vendas.png', content: PNG })).json().data;
    expect(
      (await as(t.app, team.sales)('DELETE', `/proposals/${proposalId}/attachments/${byManager.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(t.app, team.sales)('DELETE', `/proposals/${proposalId}/attachments/${bySales.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(t.app, team.admin)('DELETE', `/proposals/${proposalId}/attachments/${byManager.id}`))
        .statusCode,
    ).toBe(200);
  });

  it("answers 404 for another organization's attachment", async () => {
    const mine = (await upload(team.sales, { name: 'meu.png', content: PNG })).json().data;
    expect((await as(t.app, other.admin)('GET', `/proposals/${proposalId}/attachments`)).statusCode).toBe(
      404,
    );
    const res = await t.app.inject({
      url: `/api/v1/proposals/${proposalId}/attachments/${mine.id}/download`,
      headers: await authHeaders(t.app, other.admin),
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await as(t.app, other.admin)('DELETE', `/proposals/${proposalId}/attachments/${mine.id}`)).statusCode,
    ).toBe(404);
    expect(
      await t.db.select().from(proposalAttachments).where(eq(proposalAttachments.id, mine.id)),
    ).toHaveLength(1);
  });

  it('deletes the files of a deleted proposal', async () => {
    const clientId = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'D', email: `d${Date.now()}@d.pt` })
    ).json().data.id;
    const doomed = (await as(t.app, team.sales)('POST', '/proposals', { title: 'Apagar', clientId })).json()
      .data;
    const file = (await upload(team.sales, { name: 'a.png', content: PNG }, {}, doomed.id)).json().data;
    const [row] = await t.db.select().from(proposalAttachments).where(eq(proposalAttachments.id, file.id));
    const onDisk = path.join(t.dataDir, 'uploads', row?.storageKey ?? 'x');
    expect(existsSync(onDisk)).toBe(true);
    expect((await as(t.app, team.sales)('DELETE', `/proposals/${doomed.id}`)).statusCode).toBe(200);
    expect(existsSync(onDisk)).toBe(false);
  });
});
