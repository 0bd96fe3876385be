import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createOrg, createTeamOfRoles, createUser } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
});
afterAll(async () => {
  await t.close();
});

const CREDITOR = {
  name: 'Conceição e Filhos, Lda.',
  creditorIdentifier: 'pt19 zzz 101148',
  iban: 'PT50 0002 0123 1234 5678 9015 4',
  bic: '',
  defaultPattern: 'monthly',
  defaultInstalments: 12,
};

describe('GET/PUT /settings/payments', () => {
  it('starts empty, saves a valid creditor normalized, and reads it back', async () => {
    const call = as(t.app, team.admin);
    const empty = await call('GET', '/settings/payments');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ creditor: null, available: true });

    const saved = await call('PUT', '/settings/payments', CREDITOR);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.creditor).toMatchObject({
      name: 'Conceição e Filhos, Lda.',
      creditorIdentifier: 'PT19ZZZ101148',
      iban: 'PT50000201231234567890154',
      ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
      bic: null,
      defaultPattern: 'monthly',
      defaultInstalments: 12,
    });
    const read = await call('GET', '/settings/payments');
    expect(read.json().data.creditor.creditorIdentifier).toBe('PT19ZZZ101148');

    const oneOff = await call('PUT', '/settings/payments', {
      ...CREDITOR,
      bic: 'cgdi ptpl',
      defaultPattern: 'oneOff',
      defaultInstalments: 6,
    });
    expect(oneOff.json().data.creditor).toMatchObject({ bic: 'CGDIPTPL', defaultInstalments: null });
  });

  it('refuses a wrong creditor identifier, IBAN, BIC and name with their Portuguese messages', async () => {
    const call = as(t.app, team.admin);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { creditorIdentifier: 'PT18ZZZ101148' },
        'creditorIdentifier',
        SEPA_MESSAGES.sepaCreditorIdentifierInvalid,
      ],
      [{ iban: 'PT50000201231234567890155' }, 'iban', SEPA_MESSAGES.sepaIbanInvalid],
      [{ bic: 'CGDIPT' }, 'bic', SEPA_MESSAGES.sepaBicInvalid],
      [{ iban: 'CH9300762011623852957', bic: '' }, 'bic', SEPA_MESSAGES.sepaBicRequired],
      [{ name: 'Silva & Filhos' }, 'name', SEPA_MESSAGES.sepaCreditorNameCharacters],
      [{ name: 'a'.repeat(71) }, 'name', SEPA_MESSAGES.sepaCreditorNameTooLong],
      [{ defaultInstalments: null }, 'defaultInstalments', SEPA_MESSAGES.sepaInstalmentsInvalid],
      [{ defaultInstalments: 61 }, 'defaultInstalments', SEPA_MESSAGES.sepaInstalmentsInvalid],
      [{ defaultPattern: 'weekly' }, 'defaultPattern', SEPA_MESSAGES.sepaPatternInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('PUT', '/settings/payments', { ...CREDITOR, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const details = res.json().error.details as { field: string; message: string }[];
      expect(details, JSON.stringify(change)).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect((await call('PUT', '/settings/payments', [1, 2])).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const user of [team.manager, team.sales, team.viewer]) {
      const call = as(t.app, user);
      expect((await call('GET', '/settings/payments')).statusCode).toBe(403);
      expect((await call('PUT', '/settings/payments', CREDITOR)).statusCode).toBe(403);
    }
  });

  it('refuses a Starter organization with 403 PLAN_LIMIT, and says it is not available', async () => {
    const org = await createOrg(t.db, { plan: 'starter' });
    const call = as(t.app, await createUser(t.db, { organizationId: org.id, role: 'admin' }));
    expect((await call('GET', '/settings/payments')).json().data).toEqual({
      creditor: null,
      available: false,
    });
    const res = await call('PUT', '/settings/payments', CREDITOR);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'O plano Starter não inclui pagamentos por Débito Direto SEPA. Passe para o Professional para os ativar.',
    });
  });

  it("keeps each organization's creditor to itself", async () => {
    const other = await createTeamOfRoles(t.db);
    const otherCall = as(t.app, other.admin);
    await as(t.app, team.admin)('PUT', '/settings/payments', CREDITOR);
    const read = await otherCall('GET', '/settings/payments');
    expect(read.json().data.creditor).toBeNull();
    expect(read.body).not.toContain('PT50000201231234567890154');
    await otherCall('PUT', '/settings/payments', {
      ...CREDITOR,
      iban: 'BE68539007547034',
      defaultPattern: 'oneOff',
    });
    const mine = await as(t.app, team.admin)('GET', '/settings/payments');
    expect(mine.json().data.creditor.iban).toBe('PT50000201231234567890154');
  });

  it('audits the change with the IBAN masked, never whole', async () => {
    await as(t.app, team.admin)('PUT', '/settings/payments', CREDITOR);
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.organizationId, team.org.id));
    const changes = rows.filter((r) => r.action === 'sepa_creditor.updated');
    expect(changes.length).toBeGreaterThan(0);
    for (const row of changes) {
      expect(JSON.stringify(row)).not.toContain('PT50000201231234567890154');
      expect(JSON.stringify(row.metadata)).toContain('PT50 •••• •••• •••• •••• 0154');
    }
  });
});

describe('SEPA creditor: logs', () => {
  it('never writes the IBAN into the log, saved, refused or read', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: 'info', logStream: { write: (l) => lines.push(l) } });
    try {
      const org = await createTeamOfRoles(logged.db);
      const call = as(logged.app, org.admin);
      expect((await call('PUT', '/settings/payments', CREDITOR)).statusCode).toBe(200);
      expect((await call('PUT', '/settings/payments', { ...CREDITOR, bic: 'X' })).statusCode).toBe(400);
      expect((await call('GET', '/settings/payments')).statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('\n');
      expect(log).not.toContain('PT50000201231234567890154');
      expect(log).not.toContain('0002 0123 1234 5678');
    } finally {
      await logged.close();
    }
  });
});
