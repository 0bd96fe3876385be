import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client.ts';
import { clients, sepaCollections, sepaCreditors, sepaMandates } from '@/db/schema/index.ts';
import { sepaCollectionRows } from '@/db/sepa-collection-rows.ts';
import { insertSentProposal } from './factories.ts';

/** Every text of the elements named `name`, anywhere in a parsed pain.008 document ('' for one with attributes). */
export function texts(node: unknown, name: string): string[] {
  if (Array.isArray(node)) return node.flatMap((n) => texts(n, name));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const own =
      key === name
        ? (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : ''))
        : [];
    return [...own, ...texts(value, name)];
  });
}

/*
 * Pagamentos' tests start from a signed mandate and its collections, inserted straight into the database (the
 * acceptance that creates them is tested where it lives; docs/product.md#mandates-collections-and-the-file).
 */

export const TEST_CREDITOR = {
  name: 'Conceicao e Filhos Lda',
  creditorIdentifier: 'PT19ZZZ101148',
  iban: 'PT50000201231234567890154',
  bic: null,
};
export const DEBTOR_IBAN = 'PT50000201231234567890154';

export async function insertCreditor(
  db: Db,
  organizationId: string,
  values: Partial<typeof TEST_CREDITOR> = {},
) {
  await db
    .insert(sepaCreditors)
    .values({ organizationId, ...TEST_CREDITOR, ...values, defaultPattern: 'oneOff' })
    .onConflictDoUpdate({ target: sepaCreditors.organizationId, set: { ...TEST_CREDITOR, ...values } });
}

/**
 * An accepted proposal of `totalCents` with its mandate and the schedule's collections (`sepaCollectionRows`, the
 * same rows as the demo seed), the client's email as the recipient and the mandate's debtor email.
 */
export async function insertMandate(
  db: Db,
  owner: { organizationId: string; ownerId: string },
  opts: {
    totalCents?: number;
    pattern?: 'oneOff' | 'monthly';
    instalments?: number | null;
    firstCollectionDate: string;
    creditor?: { name: string; creditorIdentifier: string };
    recipientEmail?: string;
    /** The mandate's `debtor_email`: the client's email unless told otherwise (null: the client had none). */
    debtorEmail?: string | null;
  },
) {
  const totalCents = opts.totalCents ?? 120000;
  const pattern = opts.pattern ?? 'monthly';
  const instalments = pattern === 'monthly' ? (opts.instalments ?? 3) : null;
  const [client] = await db
    .insert(clients)
    .values({
      organizationId: owner.organizationId,
      name: 'Maria Devedora',
      email: opts.recipientEmail ?? `devedor-${randomUUID().slice(0, 8)}@example.pt`,
    })
    .returning();
  if (!client) throw new Error('client not created');
  const proposal = await insertSentProposal(
    db,
    { ...owner, clientId: client.id },
    {
      status: 'accepted',
      totalValue: totalCents,
      subtotal: totalCents,
      taxAmount: 0,
      sepaPattern: pattern,
      sepaInstalments: instalments,
      sepaFirstCollectionDate: opts.firstCollectionDate,
    },
  );
  const reference = `MND-${randomUUID().slice(0, 8).toUpperCase()}`;
  const [mandate] = await db
    .insert(sepaMandates)
    .values({
      organizationId: owner.organizationId,
      proposalId: proposal.id,
      reference,
      debtorName: 'Maria Devedora',
      debtorIban: DEBTOR_IBAN,
      debtorBic: null,
      debtorEmail: opts.debtorEmail === undefined ? client.email : opts.debtorEmail,
      creditorName: opts.creditor?.name ?? TEST_CREDITOR.name,
      creditorIdentifier: opts.creditor?.creditorIdentifier ?? TEST_CREDITOR.creditorIdentifier,
      signedAt: new Date('2026-01-05T10:00:00Z'),
    })
    .returning();
  if (!mandate) throw new Error('mandate not created');
  const collections = await db
    .insert(sepaCollections)
    .values(
      sepaCollectionRows(mandate, totalCents, {
        pattern,
        instalments,
        firstCollectionDate: opts.firstCollectionDate,
      }),
    )
    .returning();
  return { proposal, mandate, collections, client };
}
