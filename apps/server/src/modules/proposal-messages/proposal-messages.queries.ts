import { and, asc, eq, sql } from 'drizzle-orm';
import { clients, organizations, proposalMessages, proposals, users } from '@/db/schema/index.ts';
import { inTenant, personOf, type Scope, sameTenant, type TenantContext } from '@/lib/tenant-scope.ts';

export type ProposalMessageRow = typeof proposalMessages.$inferSelect;

/** The proposal the conversation belongs to, with what the answer's email needs. */
export async function selectMessageProposal(ctx: Scope, proposalId: string) {
  const [row] = await ctx.db
    .select({
      id: proposals.id,
      ownerId: proposals.ownerId,
      title: proposals.title,
      status: proposals.status,
      publicToken: proposals.publicToken,
      clientName: clients.name,
      // The recipient frozen at sending, else (never sent) the client's (docs/product.md#recipient).
      clientEmail: sql<string | null>`coalesce(${proposals.recipientEmail}, ${clients.email})`,
      organizationName: organizations.name,
      branding: organizations.branding,
    })
    .from(proposals)
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .leftJoin(clients, and(eq(clients.id, proposals.clientId), sameTenant(clients, proposals)))
    .where(and(inTenant(proposals, ctx), eq(proposals.id, proposalId)))
    .limit(1);
  return row;
}

export async function selectMessages(ctx: Scope, proposalId: string): Promise<ProposalMessageRow[]> {
  return ctx.db
    .select()
    .from(proposalMessages)
    .where(and(inTenant(proposalMessages, ctx), eq(proposalMessages.proposalId, proposalId)))
    .orderBy(asc(proposalMessages.createdAt), asc(proposalMessages.id));
}

/** The signed-in member's name (an API key has none). */
export async function selectMemberName(ctx: TenantContext): Promise<string | null> {
  const id = personOf(ctx);
  if (!id) return null;
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.id, id)))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

export async function insertAnswer(
  ctx: TenantContext,
  values: { proposalId: string; authorName: string; body: string },
): Promise<ProposalMessageRow> {
  const [row] = await ctx.db
    .insert(proposalMessages)
    .values({ ...values, kind: 'answer', userId: personOf(ctx), organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}
