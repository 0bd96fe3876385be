import { MESSAGES } from '@aceite/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

// IVA per line (docs/product.md#iva-per-line): the exemption reason at 0 %, the table by rate in the API.
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Cliente IVA', email: 'iva@cliente.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const body = (items: Record<string, unknown>[], overrides: Record<string, unknown> = {}) => ({
  title: 'Formação e material',
  clientId,
  content: { blocks: [], items },
  discountType: 'fixed',
  discountValue: 0,
  taxRate: 23,
  ...overrides,
});
const create = (items: Record<string, unknown>[], overrides: Record<string, unknown> = {}) =>
  as(t.app, team.sales)('POST', '/proposals', body(items, overrides));

describe('IVA per line on POST and PUT /proposals', () => {
  it("refuses a line at 0 % without a reason, on the line's field", async () => {
    const res = await create([
      { name: 'Consultoria', quantity: 1, unitPrice: 10_000 },
      { name: 'Formação', quantity: 1, unitPrice: 5_000, tax: 0 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'content.items.1.exemption', message: MESSAGES.vatExemptionRequired },
    ]);
    expect(MESSAGES.vatExemptionRequired).toBe('Indique o motivo de isenção de IVA.');
  });

  it('asks every line that inherits a 0 % proposal rate for its reason', async () => {
    const res = await create(
      [
        { name: 'A', quantity: 1, unitPrice: 100 },
        { name: 'B', quantity: 1, unitPrice: 100, exemption: 'M07' },
        { name: 'C', quantity: 1, unitPrice: 100, tax: 6 },
      ],
      { taxRate: 0 },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'content.items.0.exemption', message: MESSAGES.vatExemptionRequired },
    ]);
  });

  it('refuses an exemption code that is not in the AT list', async () => {
    const res = await create([{ name: 'X', quantity: 1, unitPrice: 100, tax: 0, exemption: 'M08' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'content.items.0.exemption', message: MESSAGES.vatExemptionUnknown },
    ]);
  });

  it('saves the reasons, drops one given at a taxed rate, and answers the table by rate everywhere', async () => {
    const res = await create(
      [
        { name: 'Consultoria', quantity: 1, unitPrice: 30_000, exemption: 'M07' },
        { name: 'Livros', quantity: 2, unitPrice: 5_000, tax: 6 },
        { name: 'Formação', quantity: 1, unitPrice: 10_000, tax: 0, exemption: 'M07' },
      ],
      { discountValue: 5_000 },
    );
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    // 50 000 − 5 000 = 45 000, shared 3 : 1 : 1 → 27 000 at 23 %, 9 000 at 6 %, 9 000 exempt.
    expect(created).toMatchObject({
      subtotal: 50_000,
      discountAmount: 5_000,
      taxAmount: 6_210 + 540,
      totalValue: 45_000 + 6_750,
      taxBreakdown: [
        { rate: 23, base: 27_000, tax: 6_210 },
        { rate: 6, base: 9_000, tax: 540 },
        { rate: 0, base: 9_000, tax: 0, exemption: 'M07' },
      ],
    });
    expect(created.content.items.map((i: { exemption: string | null }) => i.exemption)).toEqual([
      null,
      null,
      'M07',
    ]);
    const fetched = await as(t.app, team.sales)('GET', `/proposals/${created.id}`);
    expect(fetched.json().data.taxBreakdown).toEqual(created.taxBreakdown);
    const page = await t.app.inject({ url: `/api/v1/public/proposals/${created.publicToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.taxBreakdown).toEqual(created.taxBreakdown);
  });

  it('keeps a proposal at one rate exactly as before: one row, the same IVA', async () => {
    const res = await create(
      [
        { name: 'Design', quantity: 3, unitPrice: 1999 },
        { name: 'Horas', quantity: 1.5, unitPrice: 333 },
      ],
      { discountType: 'percentage', discountValue: 10 },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      subtotal: 6497,
      discountAmount: 650,
      taxAmount: 1345,
      totalValue: 7192,
      taxBreakdown: [{ rate: 23, base: 5847, tax: 1345 }],
    });
  });

  it('keeps a saved rate outside the region (21 %): the offer by region is the editor’s, not a rule', async () => {
    const res = await create([{ name: 'Antigo', quantity: 1, unitPrice: 1000 }], { taxRate: 21 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.taxBreakdown).toEqual([{ rate: 21, base: 1000, tax: 210 }]);
  });
});

describe('IVA region in Settings → Organização', () => {
  it('saves the region, gives it to every member, and refuses an unknown one', async () => {
    const admin = as(t.app, team.admin);
    expect(
      (await as(t.app, team.sales)('GET', '/settings/organization/branding')).json().data.vatRegion,
    ).toBe('continente');
    const org = (await admin('GET', '/settings/organization')).json().data;
    const save = (vatRegion: unknown) =>
      admin('PUT', '/settings/organization', {
        name: org.name,
        domain: org.domain,
        branding: org.branding,
        settings: { ...org.settings, vatRegion },
      });
    const wrong = await save('lua');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      { field: 'settings.vatRegion', message: MESSAGES.vatRegionInvalid },
    ]);
    expect((await save('madeira')).statusCode).toBe(200);
    expect(
      (await as(t.app, team.sales)('GET', '/settings/organization/branding')).json().data.vatRegion,
    ).toBe('madeira');
  });
});
