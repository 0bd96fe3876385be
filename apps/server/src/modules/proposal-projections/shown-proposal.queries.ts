import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import { clients, organizations, proposals, sepaCreditors, users } from '@/db/schema/index.ts';
import { inTenant, sameTenant } from '@/lib/tenant-scope.ts';

const owner = alias(users, 'owner');

/**
 * Where a proposal is read: the caller's organization (`organizationId`), or nowhere in particular for the
 * public link (found by its token alone, docs/architecture.md#tenant-scoping) and for a job that carries the
 * proposal's id.
 */
export interface ShownScope {
  db: Db;
  organizationId?: string;
}

/** A proposal by its id or by its public link's token. */
export type ProposalKey = { id: string } | { token: string };

export interface LoadOptions {
  /** Lock the proposal's row to the end of the transaction (a job that decides and writes on it). */
  lock?: boolean;
}

/**
 * The one join of what the client is shown of a proposal (docs/architecture.md, "The shown proposal"): the row,
 * its organization, its owner, its client and the organization's SEPA creditor. The page, the PDF and the seal read it through
 * `loadShownProposal`.
 */
export async function selectShownSource(scope: ShownScope, key: ProposalKey, options: LoadOptions = {}) {
  const where: SQL[] = ['token' in key ? eq(proposals.publicToken, key.token) : eq(proposals.id, key.id)];
  if (scope.organizationId) where.push(inTenant(proposals, { organizationId: scope.organizationId }));
  const query = scope.db
    .select({
      proposal: proposals,
      organization: {
        name: organizations.name,
        branding: organizations.branding,
        settings: organizations.settings,
        /** Its calendar decides the validity (docs/product.md#validity-and-expiry). */
        timezone: organizations.timezone,
      },
      owner: {
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        role: owner.role,
        isActive: owner.isActive,
      },
      /** The client's email is where nothing but the answer code and the documents go (never shown whole). */
      client: { name: clients.name, company: clients.company, taxId: clients.taxId, email: clients.email },
      /** The creditor a SEPA mandate names (Configurações → Pagamentos, docs/product.md#sepa-direct-debit). */
      creditor: { name: sepaCreditors.name, creditorIdentifier: sepaCreditors.creditorIdentifier },
    })
    .from(proposals)
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .innerJoin(owner, and(eq(owner.id, proposals.ownerId), sameTenant(owner, proposals)))
    .leftJoin(clients, and(eq(clients.id, proposals.clientId), sameTenant(clients, proposals)))
    .leftJoin(sepaCreditors, eq(sepaCreditors.organizationId, proposals.organizationId))
    .where(and(...where))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: proposals }) : query);
  return row;
}
