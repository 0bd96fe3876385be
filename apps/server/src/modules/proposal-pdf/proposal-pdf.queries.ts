import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients, organizations, proposals, users } from '@/db/schema/index.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

const owner = alias(users, 'owner');

/** One proposal of the caller's organization with what its PDF shows: client, owner and the organization. */
export async function selectProposalForPdf(ctx: Scope, id: string) {
  const [row] = await ctx.db
    .select({
      proposal: proposals,
      client: { name: clients.name, company: clients.company, taxId: clients.taxId },
      owner: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      organization: {
        name: organizations.name,
        branding: organizations.branding,
        settings: organizations.settings,
      },
    })
    .from(proposals)
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .innerJoin(owner, eq(owner.id, proposals.ownerId))
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .where(and(inTenant(proposals, ctx), eq(proposals.id, id)))
    .limit(1);
  return row;
}
