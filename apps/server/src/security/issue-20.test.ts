import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAsClient, shownVersion } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, createUser, TEST_PASSWORD } from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';

/**
 * Issue 20 (security hardening): one reproduction per finding of the attack report. Each failed on the code
 * before the fix; docs/reliability.md lists them with this file's command.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let admin: ReturnType<typeof as>;
let clientId = '';

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  admin = as(t.app, team.admin);
  clientId = (await admin('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })).json()
    .data.id;
});

afterAll(async () => {
  await t.close();
});

// Exempt (M07), so that the proposals at 0 % below may be saved (docs/product.md#iva-per-line).
const item = (unitPrice: number, quantity = 1) => ({ name: 'Linha', quantity, unitPrice, exemption: 'M07' });

describe('finding 4: input the schema accepts never reaches PostgreSQL out of range', () => {
  it('stores a proposal worth more than 2^31 cents exactly', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Grande',
      clientId,
      taxRate: 0,
      content: { blocks: [], items: [item(3_000_000_000)] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ subtotal: 3_000_000_000, totalValue: 3_000_000_000 });
  });

  it('stores a product priced above 2^31 cents', async () => {
    const res = await admin('POST', '/products', { name: 'Caro', price: 10_000_000_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.price).toBe(10_000_000_000);
  });

  it('refuses a proposal whose lines add up past the limit with a 400 naming the items', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Enorme',
      clientId,
      content: { blocks: [], items: Array.from({ length: 200 }, () => item(10_000_000_000, 1_000)) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      field: 'content.items',
      message: 'O valor da proposta não pode exceder 10 000 000 000,00 €',
    });
  });

  it('stores a fixed discount of 10^10 cents', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Desconto',
      clientId,
      discountType: 'fixed',
      discountValue: 10_000_000_000,
      taxRate: 0,
      content: { blocks: [], items: [item(10_000_000_000, 2)] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ discountAmount: 10_000_000_000, totalValue: 10_000_000_000 });
  });

  it('answers 400 for a version number of 2^31', async () => {
    const id = (await admin('POST', '/proposals', { title: 'V', clientId })).json().data.id;
    const res = await admin('GET', `/proposals/${id}/versions/${2 ** 31}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 400 for the year 0000 on a proposal and on analytics (a viewer reads analytics)', async () => {
    const res = await admin('POST', '/proposals', { title: 'Ano zero', clientId, validUntil: '0000-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      field: 'validUntil',
      message: 'A data deve estar entre os anos 1900 e 9999',
    });
    const viewer = as(t.app, team.viewer);
    for (const path of [
      '/analytics/overview',
      '/analytics/proposals-over-time',
      '/analytics/proposals-by-user',
      '/analytics/top-clients',
    ]) {
      const read = await viewer('GET', `${path}?startDate=0000-01-01&endDate=0000-12-31`);
      expect(read.statusCode, path).toBe(400);
    }
  });

  it('answers 400 for deeply nested JSON in the organization settings, and keeps a flat map', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 2_000; i++) deep = { a: deep };
    const res = await admin('PUT', '/settings/organization', { name: 'Org', settings: { deep } });
    expect(res.statusCode).toBe(400);
    const ok = await admin('PUT', '/settings/organization', { name: 'Org', settings: { weekStartsOn: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.settings).toEqual({ weekStartsOn: 1 });
  });
});

describe('finding 5: rates have two decimals and the figures are computed with the stored rate', () => {
  it('stores a 3-decimal tax and percentage discount rounded, with totals computed from the stored rates', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Arredondamento',
      clientId,
      discountType: 'percentage',
      discountValue: 10.005,
      taxRate: 22.995,
      content: { blocks: [], items: [item(100_000_000)] },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const rows = await t.db.execute<Record<string, string | number>>(sql`
      select discount_value::float8 as dv, tax_rate::float8 as tr, subtotal, discount_amount, tax_amount, total_value
        from proposals where id = ${id}`);
    const row = rows.rows[0] as {
      dv: number;
      tr: number;
      subtotal: number;
      discount_amount: number;
      tax_amount: number;
      total_value: number;
    };
    expect(row.dv).toBe(10.01);
    expect(row.tr).toBe(23);
    // From the stored rates: 10.01 % of 1 000 000,00 € and 23 % of the rest.
    expect(row.discount_amount).toBe(10_010_000);
    expect(row.tax_amount).toBe(Math.round((100_000_000 - 10_010_000) * 0.23));
    expect(row.total_value).toBe(row.subtotal - row.discount_amount + row.tax_amount);
  });
});

describe("finding 1: the public decisions are the client's alone", () => {
  const PNG_1X1 =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const decide = async (token: string, action: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/${action}`,
      headers,
      payload: {
        ...(await shownVersion(t, token)),
        ...(action === 'sign'
          ? { signerName: 'Membro', signerEmail: 'm@x.pt', signatureData: PNG_1X1 }
          : action === 'reject'
            ? { reason: null }
            : {}),
      },
    });
  const newProposal = async (status: 'draft' | 'sent' = 'sent') =>
    (await as(t.app, team.sales)('POST', '/proposals', { title: 'P', clientId, status })).json().data as {
      id: string;
      publicToken: string;
    };

  it('refuses a member of the organization, a viewer included, on every action, and nothing changes', async () => {
    const proposal = await newProposal();
    for (const member of [team.viewer, team.sales, team.manager, team.admin]) {
      const headers = await authHeaders(t.app, member);
      for (const action of ['accept', 'reject', 'sign']) {
        const res = await decide(proposal.publicToken, action, headers);
        expect(res.statusCode, `${member.role} ${action}`).toBe(403);
        expect(res.json().error.message).toBe('Só o cliente pode responder a esta proposta');
      }
    }
    const status = await t.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${proposal.id}`,
    );
    expect(status.rows[0]?.status).toBe('sent');
  });

  it("refuses an impersonating superadmin and a superadmin's own token", async () => {
    const proposal = await newProposal();
    const superadmin = await createUser(t.db, { role: 'superadmin' });
    const impersonating = await t.app.accessTokens.sign({
      userId: team.sales.id,
      organizationId: team.org.id,
      role: 'sales',
      sessionId: randomUUID(),
      impersonatorId: superadmin.id,
    });
    for (const headers of [
      { authorization: `Bearer ${impersonating}` },
      await authHeaders(t.app, superadmin),
    ]) {
      expect((await decide(proposal.publicToken, 'accept', headers)).statusCode).toBe(403);
    }
  });

  it('refuses a link holder who signs out and answers without the code the client received by email', async () => {
    // The owner may hold the link (to send it); signed out, only the emailed code separates them from the client.
    const proposal = await newProposal();
    for (const action of ['accept', 'reject', 'sign']) {
      const res = await decide(proposal.publicToken, action);
      expect(res.statusCode, action).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'code', message: 'Indique o código de 6 dígitos que enviámos por email' },
      ]);
    }
    const guess = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${proposal.publicToken}/accept`,
      payload: { ...(await shownVersion(t, proposal.publicToken)), code: '000000' },
    });
    expect(guess.statusCode).toBe(400);
    const status = await t.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${proposal.id}`,
    );
    expect(status.rows[0]?.status).toBe('sent');
  });

  it('lets a member of another organization answer: they may be the client', async () => {
    const proposal = await newProposal();
    const outsider = await createUser(t.db, { role: 'admin' });
    const res = await answerAsClient(
      t,
      proposal.publicToken,
      'accept',
      {},
      await authHeaders(t.app, outsider),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses an answer to a proposal never sent, which stays a draft and counts as nothing won', async () => {
    const draft = await newProposal('draft');
    for (const action of ['accept', 'sign', 'reject']) {
      const res = await decide(draft.publicToken, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.message).toBe('Esta proposta ainda não foi enviada e não pode ser respondida');
    }
    expect(
      (await t.app.inject({ url: `/api/v1/public/proposals/${draft.publicToken}` })).json().data.isActionable,
    ).toBe(false);
    const row = await t.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${draft.id}`,
    );
    expect(row.rows[0]?.status).toBe('draft');
  });

  it('shows the public link only to those who may send the proposal', async () => {
    const proposal = await newProposal();
    const tokenFor = async (user: typeof team.sales) =>
      (await as(t.app, user)('GET', `/proposals/${proposal.id}`)).json().data.publicToken;
    expect(await tokenFor(team.sales)).toBe(proposal.publicToken);
    expect(await tokenFor(team.manager)).toBe(proposal.publicToken);
    expect(await tokenFor(team.admin)).toBe(proposal.publicToken);
    expect(await tokenFor(team.viewer)).toBeNull();
    const otherSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    expect(await tokenFor(otherSales)).toBeNull();
  });
});

describe('finding 2: power ends with the session, and an organization keeps an admin', () => {
  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().data.accessToken}` };
  };
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

  it("stops a deactivated admin's still-valid access token at once: no invite, no deactivation", async () => {
    const org = await createTeamOfRoles(t.db);
    const second = await createUser(t.db, { organizationId: org.org.id, role: 'admin' });
    const stale = await signIn(second.email);
    expect((await as(t.app, org.admin)('DELETE', `/users/${second.id}`)).statusCode).toBe(200);
    const invite = await call(stale, 'POST', '/users/invite', {
      email: `n-${randomUUID()}@x.pt`,
      role: 'admin',
    });
    expect(invite.statusCode).toBe(401);
    expect(invite.json().error.message).toBe('A sua sessão terminou. Inicie sessão novamente.');
    expect((await call(stale, 'DELETE', `/users/${org.admin.id}`)).statusCode).toBe(401);
  });

  it('takes away the old role at once when an admin is demoted', async () => {
    const org = await createTeamOfRoles(t.db);
    const second = await createUser(t.db, { organizationId: org.org.id, role: 'admin' });
    const stale = await signIn(second.email);
    const demoted = await as(t.app, org.admin)('PUT', `/users/${second.id}`, {
      firstName: 'A',
      lastName: 'B',
      role: 'viewer',
      teamId: null,
    });
    expect(demoted.statusCode).toBe(200);
    expect((await call(stale, 'GET', '/users/invites')).statusCode).toBe(401);
  });

  it('ends the access token at logout and at a password reset', async () => {
    const user = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    const out = await signIn(user.email);
    expect((await call(out, 'POST', '/auth/logout', {})).statusCode).toBeLessThan(300);
    expect((await call(out, 'GET', '/auth/me')).statusCode).toBe(401);

    const reset = await signIn(user.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    await t.app.outbox.drain();
    const link = t.sentMail.filter((m) => m.to === user.email).at(-1)?.links[0] ?? '';
    const token = new URL(link).searchParams.get('token');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'Outra-password-1' },
    });
    expect(done.statusCode).toBe(200);
    expect((await call(reset, 'GET', '/auth/me')).statusCode).toBe(401);
  });

  it('ends the impersonation token when the impersonation stops', async () => {
    const superadmin = await createUser(t.db, { role: 'superadmin' });
    const own = await signIn(superadmin.email);
    const started = await call(own, 'POST', `/admin/impersonate/${team.sales.id}`);
    expect(started.statusCode).toBe(200);
    const impersonating = { authorization: `Bearer ${started.json().data.accessToken}` };
    expect((await call(impersonating, 'GET', '/auth/me')).statusCode).toBe(200);
    expect((await call(impersonating, 'POST', '/admin/stop-impersonate')).statusCode).toBe(200);
    expect((await call(impersonating, 'GET', '/proposals')).statusCode).toBe(401);
  });

  it('never leaves an organization without an active admin, even when two admins remove each other at once', async () => {
    // Sequentially the last admin is safe already (nobody deactivates or demotes themself, and a removed
    // admin's token is dead); at once, both checks used to pass and the organization was locked out.
    for (let round = 0; round < 4; round++) {
      const org = await createTeamOfRoles(t.db);
      const second = await createUser(t.db, { organizationId: org.org.id, role: 'admin' });
      const demote = { firstName: 'A', lastName: 'B', role: 'viewer', teamId: null };
      const [a, b] = await Promise.all(
        round % 2
          ? [
              as(t.app, org.admin)('DELETE', `/users/${second.id}`),
              as(t.app, second)('DELETE', `/users/${org.admin.id}`),
            ]
          : [
              as(t.app, org.admin)('PUT', `/users/${second.id}`, demote),
              as(t.app, second)('PUT', `/users/${org.admin.id}`, demote),
            ],
      );
      expect(
        [a.statusCode, b.statusCode].filter((s) => s === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect([a.statusCode, b.statusCode].find((s) => s !== 200)).toBeOneOf([401, 409]);
      const admins = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users where organization_id = ${org.org.id} and role = 'admin' and is_active`,
      );
      expect(admins.rows[0]?.n).toBe(1);
    }
  });

  it('lets an admin, and a superadmin from /admin/users (audited), reactivate a user', async () => {
    const org = await createTeamOfRoles(t.db);
    const gone = await createUser(t.db, { organizationId: org.org.id, role: 'sales', isActive: false });
    const reactivated = await as(t.app, org.admin)('POST', `/users/${gone.id}/reactivate`);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().data.isActive).toBe(true);
    await signIn(gone.email);

    const lockedOut = await createUser(t.db, { organizationId: org.org.id, role: 'admin', isActive: false });
    const superadmin = await createUser(t.db, { role: 'superadmin' });
    const res = await as(t.app, superadmin)('POST', `/admin/users/${lockedOut.id}/reactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isActive).toBe(true);
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = 'admin.user_reactivate' and entity_id = ${lockedOut.id}`,
    );
    expect(audit.rows[0]?.n).toBe(1);
    expect((await as(t.app, org.admin)('POST', `/admin/users/${gone.id}/reactivate`)).statusCode).toBe(403);
  });
});

describe('finding 7: smaller holes', () => {
  it('keeps reset, invitation and public tokens out of the request log', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: 'info', logStream: { write: (line) => lines.push(line) } });
    try {
      const secret = `segredo${randomUUID().replaceAll('-', '')}`;
      for (const url of [
        `/api/v1/public/proposals/${secret}`,
        `/api/v1/public/proposals/${secret}/attachments`,
        `/api/v1/invites/${secret}`,
        `/api/v1/auth/validate-reset-token/${secret}`,
        `/p/${secret}`,
        `/reset-password?token=${secret}`,
        `/accept-invite?token=${secret}`,
      ]) {
        await logged.app.inject({ url });
      }
      await logged.app.inject({ method: 'POST', url: `/api/v1/invites/${secret}/accept`, payload: {} });
      await logged.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${secret}/accept` });
      expect(lines.length).toBeGreaterThanOrEqual(9);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(lines.some((line) => line.includes('/api/v1/public/proposals/[redacted]'))).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('limits password changes per user: a stolen session cannot guess the current password', async () => {
    const limited = await buildTestApp({ passwordChangeLimitPerHour: 3 });
    try {
      const user = await createUser(limited.db, { role: 'sales' });
      const call = as(limited.app, user);
      const guesses = [];
      for (let i = 0; i < 5; i++) {
        guesses.push(
          (
            await call('PUT', '/settings/password', {
              currentPassword: `palpite-${i}`,
              newPassword: 'Nova-pass-1',
            })
          ).statusCode,
        );
      }
      expect(guesses.slice(0, 3).every((s) => s === 400 || s === 401 || s === 403)).toBe(true);
      expect(guesses.slice(3)).toEqual([429, 429]);
      const refused = await call('PUT', '/settings/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Nova-pass-1',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
      // Another user is not affected.
      const other = await createUser(limited.db, { role: 'sales' });
      expect(
        (
          await as(limited.app, other)('PUT', '/settings/password', {
            currentPassword: TEST_PASSWORD,
            newPassword: 'Nova-pass-1',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('finding 7: signature images of sensible dimensions', () => {
  /** A PNG whose header claims these dimensions (the pixel data does not matter to the check). */
  function pngOf(width: number, height: number): string {
    const bytes = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    return `data:image/png;base64,${bytes.toString('base64')}`;
  }

  it('refuses a 30000×30000 signature with 400 and stores nothing, and accepts a pad-sized one', async () => {
    const sent = (await admin('POST', '/proposals', { title: 'Assinar', clientId, status: 'sent' })).json()
      .data;
    const sign = (signatureData: string) =>
      answerAsClient(t, sent.publicToken, 'sign', {
        signerName: 'Cliente',
        signerEmail: 'c@x.pt',
        signatureData,
      });
    const huge = await sign(pngOf(30_000, 30_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe(
      'A assinatura tem dimensões inválidas (máximo 4096 × 2048 píxeis)',
    );
    expect((await sign(pngOf(0, 10))).statusCode).toBe(400);
    const row = await t.db.execute<{ signature_data: string | null }>(
      sql`select signature_data from proposals where id = ${sent.id}`,
    );
    expect(row.rows[0]?.signature_data).toBeNull();
    expect((await sign(pngOf(1800, 600))).statusCode).toBe(200);
  });
});

describe('finding 7: bidirectional controls in names', () => {
  it('strips right-to-left overrides from a file name and from names of people and clients', async () => {
    const proposal = (await admin('POST', '/proposals', { title: 'Anexos', clientId })).json().data;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const { payload, contentType } = multipart({}, { name: 'fatura\u202Efdp.exe.pdf', content: pdf });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${proposal.id}/attachments`,
      headers: { ...(await authHeaders(t.app, team.admin)), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fileName).toBe('faturafdp.exe.pdf');

    const client = await admin('POST', '/clients', {
      name: 'Ana\u202E\u2066 Lima\u200F',
      email: `b-${randomUUID()}@x.pt`,
    });
    expect(client.json().data.name).toBe('Ana Lima');
    const profile = await as(t.app, team.sales)('PUT', '/settings/profile', {
      firstName: '\u202Eavon',
      lastName: 'Silva',
      locale: 'pt-PT',
      timezone: 'Europe/Lisbon',
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.firstName).toBe('avon');
  });

  it('refuses to hand a proposal to a viewer, who could not edit it; a salesperson may receive it', async () => {
    const manager = as(t.app, team.manager);
    const created = await manager('POST', '/proposals', {
      title: 'Para o visualizador',
      clientId,
      ownerId: team.viewer.id,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details).toContainEqual({
      field: 'ownerId',
      message: 'O responsável tem de poder editar propostas (um visualizador não pode)',
    });
    const own = (await manager('POST', '/proposals', { title: 'Minha', clientId })).json().data;
    const handed = await manager('PUT', `/proposals/${own.id}`, {
      title: 'Minha',
      clientId,
      ownerId: team.viewer.id,
    });
    expect(handed.statusCode).toBe(400);
    const toSales = await manager('PUT', `/proposals/${own.id}`, {
      title: 'Minha',
      clientId,
      ownerId: team.sales.id,
    });
    expect(toSales.statusCode).toBe(200);
    expect(
      (await as(t.app, team.sales)('PUT', `/proposals/${own.id}`, { title: 'Editada', clientId })).statusCode,
    ).toBe(200);
  });
});

describe('finding 6: the evidence of an answer cannot be changed afterwards', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const upload = async (proposalId: string, visible: boolean) => {
    const { payload, contentType } = multipart(
      { isVisibleToClient: String(visible) },
      { name: 'anexo.pdf', content: PDF },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${proposalId}/attachments`,
      headers: { ...(await authHeaders(t.app, team.sales)), 'content-type': contentType },
      payload,
    });
  };
  const signedProposal = async () => {
    const p = (
      await as(t.app, team.sales)('POST', '/proposals', { title: 'Assinada', clientId, status: 'sent' })
    ).json().data;
    const visible = (await upload(p.id, true)).json().data;
    const signed = await answerAsClient(t, p.publicToken, 'sign', {
      signerName: 'Cliente',
      signerEmail: 'c@x.pt',
      signatureData: PNG,
    });
    expect(signed.statusCode).toBe(200);
    return { id: p.id as string, visibleId: visible.id as string };
  };

  it('refuses adding or removing a client-visible attachment after the client signed; internal files still work', async () => {
    const { id, visibleId } = await signedProposal();
    const added = await upload(id, true);
    expect(added.statusCode).toBe(409);
    expect(added.json().error.message).toBe(
      'Esta proposta já foi respondida: os anexos visíveis ao cliente já não podem ser acrescentados nem removidos',
    );
    expect(
      (await as(t.app, team.sales)('DELETE', `/proposals/${id}/attachments/${visibleId}`)).statusCode,
    ).toBe(409);
    expect((await admin('DELETE', `/proposals/${id}/attachments/${visibleId}`)).statusCode).toBe(409);
    const internal = await upload(id, false);
    expect(internal.statusCode).toBe(201);
    expect(
      (await as(t.app, team.sales)('DELETE', `/proposals/${id}/attachments/${internal.json().data.id}`))
        .statusCode,
    ).toBe(200);
    const files = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from proposal_attachments where proposal_id = ${id} and is_visible_to_client`,
    );
    expect(files.rows[0]?.n).toBe(1);
  });

  it('refuses the owner (a salesperson) and a manager deleting a signed proposal; an admin archives it with an audit record', async () => {
    const { id } = await signedProposal();
    for (const user of [team.sales, team.manager]) {
      const res = await as(t.app, user)('DELETE', `/proposals/${id}`);
      expect(res.statusCode, user.role).toBe(403);
      expect(res.json().error.message).toBe(
        'Esta proposta já foi respondida pelo cliente: só um administrador a pode arquivar',
      );
    }
    expect((await admin('DELETE', `/proposals/${id}`)).statusCode).toBe(200);
    const row = await t.db.execute<{ status: string; archived: boolean; signature: string | null }>(
      sql`select status, archived_at is not null as archived, signature_data as signature from proposals where id = ${id}`,
    );
    expect(row.rows[0]).toMatchObject({ status: 'accepted', archived: true, signature: PNG });
    const audit = await t.db.execute<{ actor_id: string }>(
      sql`select actor_id from audit_logs where action = 'proposal.archive' and entity_id = ${id}`,
    );
    expect(audit.rows).toEqual([{ actor_id: team.admin.id }]);
    // Gone from the working list, and it cannot be archived twice.
    const list = (await admin('GET', '/proposals?limit=100')).json().data as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(id);
    expect((await admin('DELETE', `/proposals/${id}`)).statusCode).toBe(404);
    expect((await admin('GET', `/proposals/${id}`)).json().data.archivedAt).toEqual(expect.any(String));
  });
});

describe('finding 3: our mail cannot be used to spam, nor invitations to probe for accounts', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      mailLimits: { perOrganizationPerHour: 6, perRecipientPerHour: 3 },
      registrationLimitPerHour: 3,
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('stops invitations and resends to one address after the per-recipient limit, across organizations', async () => {
    const victim = `vitima-${randomUUID()}@x.pt`;
    const first = await createTeamOfRoles(limited.db);
    const invite = await as(limited.app, first.admin)('POST', '/users/invite', { email: victim });
    expect(invite.statusCode).toBe(201);
    const id = invite.json().data.id;
    expect((await as(limited.app, first.admin)('POST', `/users/invites/${id}/resend`)).statusCode).toBe(200);
    expect((await as(limited.app, first.admin)('POST', `/users/invites/${id}/resend`)).statusCode).toBe(200);
    const fourth = await as(limited.app, first.admin)('POST', `/users/invites/${id}/resend`);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Este endereço já recebeu demasiados emails nesta hora. Tente novamente mais tarde.',
    });
    // Another organization cannot reach the same inbox either.
    const second = await createTeamOfRoles(limited.db);
    expect((await as(limited.app, second.admin)('POST', '/users/invite', { email: victim })).statusCode).toBe(
      429,
    );
    const queued = await limited.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where to_address = ${victim}`,
    );
    expect(queued.rows[0]?.n).toBe(3);
  });

  it('stops an organization after its hourly share of invitations and proposal emails, even sent at once', async () => {
    const org = await createTeamOfRoles(limited.db);
    // 4 members and 8 invitations: past Professional's 10 users (plan-limits.test.ts); this is about the mail.
    await limited.db.execute(sql`update organizations set plan = 'enterprise' where id = ${org.org.id}`);
    const call = as(limited.app, org.admin);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/users/invite', { email: `p-${randomUUID()}@x.pt` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(6);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json().error.message).toBe(
      'A organização atingiu o limite de emails (convites e propostas) desta hora. Tente novamente mais tarde.',
    );
    const client = (await call('POST', '/clients', { name: 'C', email: `c-${randomUUID()}@x.pt` })).json()
      .data;
    const proposal = (await call('POST', '/proposals', { title: 'P', clientId: client.id })).json().data;
    expect((await call('POST', `/proposals/${proposal.id}/send`)).statusCode).toBe(429);
    const status = await limited.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${proposal.id}`,
    );
    expect(status.rows[0]?.status).toBe('draft');
  });

  it("counts the client's update email (PUT ?notifyClient=true) against the same per-address limit", async () => {
    const org = await createTeamOfRoles(limited.db);
    const call = as(limited.app, org.admin);
    const email = `cliente-${randomUUID()}@x.pt`;
    const client = (await call('POST', '/clients', { name: 'Cliente', email })).json().data;
    const proposal = (await call('POST', '/proposals', { title: 'Obra', clientId: client.id })).json().data;
    expect((await call('POST', `/proposals/${proposal.id}/send`)).statusCode).toBe(200);
    const edit = (title: string) =>
      call('PUT', `/proposals/${proposal.id}?notifyClient=true`, {
        title,
        clientId: client.id,
        status: 'sent',
      });
    expect((await edit('Obra 2')).statusCode).toBe(200);
    expect((await edit('Obra 3')).statusCode).toBe(200);
    const fourth = await edit('Obra 4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('RATE_LIMITED');
    const queued = await limited.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where to_address = ${email}`,
    );
    expect(queued.rows[0]?.n).toBe(3);
  });

  it('limits sign-ups per IP per hour', async () => {
    const register = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: `r-${randomUUID()}@x.pt`, password: 'Password123!', firstName: 'A', lastName: 'B' },
      });
    for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(201);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Foram criadas demasiadas contas a partir deste endereço. Tente novamente mais tarde.',
    );
  });

  it('answers an invitation to an address with an account elsewhere exactly like any other', async () => {
    const elsewhere = await createUser(t.db, { role: 'sales' });
    const fresh = `novo-${randomUUID()}@x.pt`;
    const a = await admin('POST', '/users/invite', { email: elsewhere.email });
    const b = await admin('POST', '/users/invite', { email: fresh });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const shape = (r: typeof a) => Object.keys(r.json().data).sort();
    expect(shape(a)).toEqual(shape(b));
    expect(a.body).not.toContain('Já existe uma conta');
  });
});

describe('finding 7: storage quota and upload rate per organization', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const uploadAs = async (app: TestApp, user: Parameters<typeof authHeaders>[1], proposalId: string) => {
    const { payload, contentType } = multipart({}, { name: 'anexo.pdf', content: PDF });
    return app.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${proposalId}/attachments`,
      headers: { ...(await authHeaders(app.app, user)), 'content-type': contentType },
      payload,
    });
  };

  it("refuses an upload past the plan's storage (Starter 5 GB), and Professional has 50 GB", async () => {
    const org = await createTeamOfRoles(t.db);
    // New organizations start on Professional (docs/product.md#plans): this one is on Starter.
    await t.db.execute(sql`update organizations set plan = 'starter' where id = ${org.org.id}`);
    const call = as(t.app, org.admin);
    const client = (await call('POST', '/clients', { name: 'C', email: `q-${randomUUID()}@x.pt` })).json()
      .data;
    const proposal = (await call('POST', '/proposals', { title: 'Quota', clientId: client.id })).json().data;
    // 5 GB less 10 bytes already stored (rows only: the quota counts the recorded sizes).
    for (const size of [2_000_000_000, 2_000_000_000, 999_999_990]) {
      await t.db.execute(sql`insert into proposal_attachments
        (organization_id, proposal_id, file_name, file_size, mime_type, storage_key)
        values (${org.org.id}, ${proposal.id}, 'grande.pdf', ${size}, 'application/pdf', ${`x/${randomUUID()}`})`);
    }
    const refused = await uploadAs(t, org.admin, proposal.id);
    // A plan's limit (issue 38, docs/product.md#plans): 403 PLAN_LIMIT naming the plan and the way up.
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'O plano Starter inclui 5 GB de armazenamento. Passe para o Professional para guardar mais ficheiros.',
    });
    await t.db.execute(sql`update organizations set plan = 'professional' where id = ${org.org.id}`);
    expect((await uploadAs(t, org.admin, proposal.id)).statusCode).toBe(201);
  });

  it('limits uploads per organization per hour', async () => {
    const limited = await buildTestApp({ uploadsPerOrganizationPerHour: 2 });
    try {
      const org = await createTeamOfRoles(limited.db);
      const call = as(limited.app, org.admin);
      const client = (await call('POST', '/clients', { name: 'C', email: `u-${randomUUID()}@x.pt` })).json()
        .data;
      const proposal = (await call('POST', '/proposals', { title: 'Ritmo', clientId: client.id })).json()
        .data;
      expect((await uploadAs(limited, org.admin, proposal.id)).statusCode).toBe(201);
      expect((await uploadAs(limited, org.sales, proposal.id)).statusCode).toBe(403);
      const third = await uploadAs(limited, org.manager, proposal.id);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe(
        'Foram carregados demasiados ficheiros nesta hora. Tente novamente mais tarde.',
      );
    } finally {
      await limited.close();
    }
  });
});
