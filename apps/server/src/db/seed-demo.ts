import { calendarDay } from '@aceite/shared/dates';
import type { OrgRole } from '@aceite/shared/permissions';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { now } from '@/lib/clock.ts';
import { hashPassword } from '@/lib/password.ts';
import type { Db } from './client.ts';
import {
  DEMO_BLOCKS,
  DEMO_CLIENTS,
  DEMO_ORGANIZATION_TAX_ID,
  DEMO_PRODUCTS,
  DEMO_TEMPLATES,
  GLOBAL_TEMPLATES,
} from './demo-catalogue.ts';
import { buildDemoProposals } from './demo-proposals.ts';
import {
  clients,
  contentBlocks,
  organizations,
  products,
  proposals,
  sepaCollections,
  sepaCreditors,
  sepaMandates,
  teams,
  templates,
  users,
} from './schema/index.ts';
import { sepaCollectionRows } from './sepa-collection-rows.ts';

export const DEMO_PASSWORD = 'Aceite2026!';

export const DEMO_USERS: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  role: OrgRole;
}> = [
  { email: 'admin@aceite.demo', firstName: 'Ana', lastName: 'Almeida', role: 'admin' },
  { email: 'gestor@aceite.demo', firstName: 'Gonçalo', lastName: 'Gomes', role: 'manager' },
  { email: 'vendas@aceite.demo', firstName: 'Vera', lastName: 'Vieira', role: 'sales' },
  { email: 'leitor@aceite.demo', firstName: 'Luís', lastName: 'Lopes', role: 'viewer' },
];

export const DEMO_SUPERADMIN = { email: 'super@aceite.demo', firstName: 'Sofia', lastName: 'Santos' };

/**
 * Loads the demo organization and accounts into a database with no organization yet; returns false otherwise.
 * Platform accounts alone do not count: a superadmin created first with `npm run superadmin` on an empty
 * database still gets the demo beside it (and keeps its own password when it took the demo's address).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return false;
  const [superadminTaken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_SUPERADMIN.email));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        name: 'Demo Lda',
        domain: 'aceite.demo',
        // Enterprise: the demo shows every feature, and the browser tests add people to it without a limit
        // (docs/product.md#plans).
        plan: 'enterprise',
        // A NIF that passes the check digit, shown to clients as a real company's would be (issue 37).
        settings: { taxId: DEMO_ORGANIZATION_TAX_ID, taxCountry: 'Portugal' },
      })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organization not created');
    const inserted = await tx
      .insert(users)
      .values([
        ...DEMO_USERS.map((u) => ({ ...u, organizationId: org.id, passwordHash })),
        ...(superadminTaken
          ? []
          : [{ ...DEMO_SUPERADMIN, role: 'superadmin' as const, organizationId: null, passwordHash }]),
      ])
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => inserted.find((u) => u.email === email)?.id ?? null;
    const adminId = idOf('admin@aceite.demo');
    const [lisboa, porto] = await tx
      .insert(teams)
      .values([
        {
          organizationId: org.id,
          name: 'Equipa Lisboa',
          description: 'Clientes da Grande Lisboa e Sul',
          managerId: idOf('gestor@aceite.demo'),
        },
        {
          organizationId: org.id,
          name: 'Equipa Porto',
          description: 'Clientes do Norte e Centro',
          managerId: adminId,
        },
      ])
      .returning({ id: teams.id });
    await tx
      .update(users)
      .set({ teamId: lisboa?.id })
      .where(inArray(users.email, ['gestor@aceite.demo', 'vendas@aceite.demo']));
    await tx.update(users).set({ teamId: porto?.id }).where(eq(users.email, 'admin@aceite.demo'));
    const insertedClients = await tx
      .insert(clients)
      .values(
        DEMO_CLIENTS.map(([name, company, email, phone, taxId, street, city, postalCode]) => ({
          organizationId: org.id,
          name,
          company,
          email,
          phone,
          taxId,
          street,
          city,
          postalCode,
          country: 'Portugal',
          createdBy: adminId,
        })),
      )
      .returning({ id: clients.id });
    await tx.insert(products).values(
      DEMO_PRODUCTS.map(([name, description, sku, category, price, unit]) => ({
        organizationId: org.id,
        name,
        description,
        sku,
        category,
        price,
        unit,
      })),
    );
    // A block library worth opening: the texts a seller inserts in most proposals (issue 37).
    await tx.insert(contentBlocks).values(
      DEMO_BLOCKS.map(({ name, title, content }) => ({
        organizationId: org.id,
        name,
        block: { type: 'text' as const, title, content },
        createdBy: adminId,
      })),
    );
    await tx.insert(templates).values([
      ...DEMO_TEMPLATES.map((t, i) => ({
        ...t,
        organizationId: org.id,
        createdBy: adminId,
        useCount: 5 - i,
      })),
      ...GLOBAL_TEMPLATES.map((t) => ({ ...t, organizationId: null, isGlobal: true })),
    ]);
    const sellers = inserted.filter((u) =>
      ['admin@aceite.demo', 'gestor@aceite.demo', 'vendas@aceite.demo'].includes(u.email),
    );
    // Inserted oldest first: the numbering trigger gives numbers in insert order (docs/product.md#proposal-numbers).
    const demoProposals = buildDemoProposals({
      organizationId: org.id,
      ownerIds: sellers.map((u) => u.id),
      clientIds: insertedClients.map((c) => c.id),
    }).sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
    await tx.insert(proposals).values(demoProposals);
    // Sent ones have their recipient frozen, as sending does (docs/product.md#recipient).
    await tx.execute(sql`
      update ${proposals} p set recipient_name = c.name, recipient_email = c.email
        from ${clients} c
       where c.id = p.client_id and p.organization_id = ${org.id} and p.sent_at is not null`);
    await seedDemoSepa(tx, org.id);
  });
  return true;
}

/** The demo's debtor account, a valid Portuguese test IBAN (shown masked in Pagamentos). */
export const DEMO_SEPA_IBAN = 'PT50000201231234567890154';
export const DEMO_MANDATE_REFERENCE = 'ACEITE-DEMO-0001';
const DAY_MS = 86_400_000;

/**
 * Pagamentos worth opening (docs/product.md#mandates-collections-and-the-file): the organization as a SEPA
 * creditor, and its latest accepted proposal paid in 3 monthly instalments, with the signed mandate and the
 * collections, the first due in 6 days (after the 5 days of pre-notification, SEPA_NOTICE_DAYS).
 */
async function seedDemoSepa(tx: Pick<Db, 'insert' | 'select' | 'update'>, organizationId: string) {
  const creditor = { name: 'Demo Lda', creditorIdentifier: 'PT19ZZZ101148' };
  await tx.insert(sepaCreditors).values({
    organizationId,
    ...creditor,
    iban: DEMO_SEPA_IBAN,
    bic: null,
    defaultPattern: 'monthly',
    defaultInstalments: 3,
  });
  const [accepted] = await tx
    .select({
      id: proposals.id,
      totalValue: proposals.totalValue,
      recipientName: proposals.recipientName,
      recipientEmail: proposals.recipientEmail,
    })
    .from(proposals)
    .where(and(eq(proposals.organizationId, organizationId), eq(proposals.status, 'accepted')))
    .orderBy(desc(proposals.createdAt))
    .limit(1);
  if (!accepted || accepted.totalValue <= 0) return;
  const terms = {
    pattern: 'monthly' as const,
    instalments: 3,
    firstCollectionDate: calendarDay(new Date(now().getTime() + 6 * DAY_MS), 'Europe/Lisbon'),
  };
  await tx
    .update(proposals)
    .set({
      sepaPattern: terms.pattern,
      sepaInstalments: terms.instalments,
      sepaFirstCollectionDate: terms.firstCollectionDate,
    })
    .where(eq(proposals.id, accepted.id));
  const [mandate] = await tx
    .insert(sepaMandates)
    .values({
      organizationId,
      proposalId: accepted.id,
      reference: DEMO_MANDATE_REFERENCE,
      debtorName: accepted.recipientName ?? 'Cliente Demo',
      debtorIban: DEMO_SEPA_IBAN,
      debtorBic: null,
      debtorEmail: accepted.recipientEmail,
      creditorName: creditor.name,
      creditorIdentifier: creditor.creditorIdentifier,
      signedAt: new Date(now().getTime() - 2 * DAY_MS),
    })
    .returning({
      id: sepaMandates.id,
      organizationId: sepaMandates.organizationId,
      reference: sepaMandates.reference,
    });
  if (!mandate) throw new Error('demo mandate not created');
  await tx.insert(sepaCollections).values(sepaCollectionRows(mandate, accepted.totalValue, terms));
}
