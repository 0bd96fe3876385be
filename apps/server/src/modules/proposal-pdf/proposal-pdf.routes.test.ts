import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, proposals } from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';
import { pdfPagesText, pdfTitle } from '@/test/pdf-text.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [team, other] = await Promise.all([createTeamOfRoles(t.db), createTeamOfRoles(t.db)]);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', {
      name: 'Inês Lima',
      company: 'Lima Lda',
      email: 'ines@lima.pt',
    })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

function makeProposal(values: Partial<typeof proposals.$inferInsert> = {}) {
  return insertSentProposal(
    t.db,
    { organizationId: team.org.id, ownerId: team.sales.id, clientId },
    {
      title: 'Orçamento: Manutenção/Março',
      taxRate: 23,
      content: {
        blocks: [{ title: 'Âmbito', content: 'Manutenção mensal' }],
        items: [{ name: 'Manutenção', description: '', quantity: 1, unitPrice: 250000 }],
      },
      ...values,
    },
  );
}

const publicPdf = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/v1/public/proposals/${token}/pdf`,
    headers: { 'user-agent': 'Teste/1.0', ...headers },
  });

const downloads = (id: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_pdf_downloaded')));

describe('GET /proposals/{id}/pdf', () => {
  it('gives every member who can read the proposal its PDF as a download named after its number and title', async () => {
    const { id, number } = await makeProposal();
    const name = `${number.replace('/', '-')} - Orçamento Manutenção Março.pdf`;
    for (const user of [team.admin, team.manager, team.sales, team.viewer]) {
      const res = await as(t.app, user)('GET', `/proposals/${id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${number.replace('/', '-')} - Orcamento Manutencao Marco.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      const text = (await pdfPagesText(res.rawPayload)).join('\n').replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain('Orçamento: Manutenção/Março');
      expect(text).toContain('Inês Lima');
      expect(text).toContain('Total\n3 075,00 €');
      expect(text).toContain('Página 1 de 1');
    }
  });

  it("answers 404 in the envelope for another organization's proposal and for an unknown id", async () => {
    const { id } = await makeProposal();
    const res = await as(t.app, other.admin)('GET', `/proposals/${id}/pdf`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Proposta não encontrada' });
    const unknown = await as(t.app, team.admin)('GET', '/proposals/00000000-0000-4000-8000-000000000000/pdf');
    expect(unknown.statusCode).toBe(404);
    const bad = await as(t.app, team.admin)('GET', '/proposals/nao-e-um-id/pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 without a session', async () => {
    const { id } = await makeProposal();
    const res = await t.app.inject({ url: `/api/v1/proposals/${id}/pdf` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBeDefined();
  });
});

describe('GET /public/proposals/{token}/pdf', () => {
  it('gives the client the PDF and records the download in the audit log, without counting a view', async () => {
    const { id, token } = await makeProposal();
    const res = await publicPdf(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await pdfTitle(res.rawPayload)).toBe('Orçamento: Manutenção/Março');
    const [row] = await downloads(id);
    expect(row).toMatchObject({ organizationId: team.org.id, entity: 'proposal' });
    expect(row?.metadata).toMatchObject({ userAgent: 'Teste/1.0' });
    const [stored] = await t.db.select().from(proposals).where(eq(proposals.id, id));
    expect(stored?.viewCount).toBe(0);
  });

  it('records nothing when a member of the organization downloads through the link', async () => {
    const { id, token } = await makeProposal();
    const res = await publicPdf(token, await authHeaders(t.app, team.viewer));
    expect(res.statusCode).toBe(200);
    expect(await downloads(id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or cancelled proposal, like the page', async () => {
    const unknown = await publicPdf(newOpaqueToken());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Proposta não encontrada' });
    const { token, id } = await makeProposal({ status: 'cancelled' });
    expect((await publicPdf(token)).statusCode).toBe(404);
    expect(await downloads(id)).toHaveLength(0);
  });

  it('still gives an expired proposal, saying it expired', async () => {
    const { token } = await makeProposal({ validUntil: '2020-01-01' });
    const res = await publicPdf(token);
    expect(res.statusCode).toBe(200);
    expect((await pdfPagesText(res.rawPayload)).join('\n')).toContain(
      'Esta proposta expirou e já não pode ser aceite.',
    );
  });
});

describe('OpenAPI', () => {
  it('documents both PDF routes', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(doc.paths['/api/v1/proposals/{id}/pdf']?.get?.summary).toMatch(/PDF/);
    expect(doc.paths['/api/v1/public/proposals/{publicToken}/pdf']?.get?.summary).toMatch(/PDF/);
  });
});
