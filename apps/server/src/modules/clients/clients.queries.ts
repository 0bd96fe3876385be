import { ANSWERED_STATUSES, OPEN_STATUSES } from '@aceite/shared/proposal-status';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  answerCodes,
  auditLogs,
  clients,
  emailOutbox,
  proposalAttachments,
  proposals,
  sealedDocuments,
} from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

function searchFilter(search?: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(clients.name, pattern),
    ilike(clients.company, pattern),
    ilike(clients.email, pattern),
    ilike(clients.taxId, pattern),
  );
}

export async function selectClients(
  ctx: Scope,
  opts: { search?: string; limit: number; offset: number },
): Promise<{ rows: ClientRow[]; total: number }> {
  const where = and(inTenant(clients, ctx), searchFilter(opts.search));
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(clients)
      .where(where)
      .orderBy(sql`lower(${clients.name})`, clients.id)
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function selectClientById(ctx: Scope, id: string): Promise<ClientRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(clients)
    .where(and(inTenant(clients, ctx), eq(clients.id, id)))
    .limit(1);
  return row;
}

export async function selectClientProposals(ctx: Scope, clientId: string) {
  return ctx.db
    .select({
      id: proposals.id,
      number: proposals.number,
      title: proposals.title,
      status: proposals.status,
      totalValue: proposals.totalValue,
      chosenTotal: proposals.chosenTotal,
      signedAt: proposals.signedAt,
      createdAt: proposals.createdAt,
    })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.clientId, clientId)))
    .orderBy(desc(proposals.createdAt))
    .limit(100);
}

export async function countClientProposals(ctx: Scope, clientId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.clientId, clientId)));
  return row?.n ?? 0;
}

export async function insertClient(ctx: Scope, values: ClientValues): Promise<ClientRow> {
  const [row] = await ctx.db
    .insert(clients)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  return row;
}

export async function updateClientById(
  ctx: Scope,
  id: string,
  values: ClientValues,
): Promise<ClientRow | undefined> {
  const [row] = await ctx.db
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(clients, ctx), eq(clients.id, id)))
    .returning();
  return row;
}

export async function deleteClientById(ctx: Scope, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(clients)
    .where(and(inTenant(clients, ctx), eq(clients.id, id)))
    .returning({ id: clients.id });
  return rows.length === 1;
}

/** Proposals of the client the client has answered (accepted, signed, rejected): evidence to keep. */
export async function countDecidedClientProposals(ctx: Scope, clientId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(proposals)
    .where(
      and(
        inTenant(proposals, ctx),
        eq(proposals.clientId, clientId),
        inArray(proposals.status, ANSWERED_STATUSES),
      ),
    );
  return row?.n ?? 0;
}

/** Every proposal of the client, whole (the data export). */
export async function selectAllClientProposals(ctx: Scope, clientId: string) {
  return ctx.db
    .select()
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.clientId, clientId)))
    .orderBy(asc(proposals.createdAt), asc(proposals.id));
}

/** Audit rows about the client or any of the given proposals, oldest first (the evidence). */
export async function selectAuditRowsAbout(ctx: Scope, clientId: string, proposalIds: string[]) {
  const about = or(
    and(eq(auditLogs.entity, 'client'), eq(auditLogs.entityId, clientId)),
    proposalIds.length > 0
      ? and(eq(auditLogs.entity, 'proposal'), inArray(auditLogs.entityId, proposalIds))
      : undefined,
  );
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(inTenant(auditLogs, ctx), about))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

/** The files attached to the given proposals. */
export async function selectAttachmentsOf(ctx: Scope, proposalIds: string[]) {
  if (proposalIds.length === 0) return [];
  return ctx.db
    .select()
    .from(proposalAttachments)
    .where(and(inTenant(proposalAttachments, ctx), inArray(proposalAttachments.proposalId, proposalIds)))
    .orderBy(asc(proposalAttachments.createdAt), asc(proposalAttachments.id));
}

/** What replaces the client's personal data (docs/product.md#personal-data). */
export interface Pseudonym {
  name: string;
  email: string;
}

const MASKED = '•••';

/**
 * Replaces the client's personal data, and the signer's and the client's traces in the proposals, the audit
 * rows, the email codes and the emails sent to them, keeping what the decisions prove (statuses, dates,
 * hashes). Run inside one transaction.
 */
export async function pseudonymiseClientById(
  ctx: Scope,
  id: string,
  previousEmail: string,
  pseudonym: Pseudonym,
): Promise<void> {
  await ctx.db
    .update(clients)
    .set({
      name: pseudonym.name,
      email: pseudonym.email,
      phone: null,
      taxId: null,
      street: null,
      city: null,
      postalCode: null,
      notes: null,
      updatedAt: new Date(),
    })
    .where(and(inTenant(clients, ctx), eq(clients.id, id)));
  const ofClient = and(inTenant(proposals, ctx), eq(proposals.clientId, id));
  await ctx.db
    .update(proposals)
    .set({
      signedByName: sql`case when ${proposals.signedByName} is null then null else ${pseudonym.name} end`,
      signedByEmail: sql`case when ${proposals.signedByEmail} is null then null else ${pseudonym.email} end`,
      answerVerification: sql`case when ${proposals.answerVerification} ? 'maskedEmail'
        then jsonb_set(${proposals.answerVerification}, '{maskedEmail}', to_jsonb(${MASKED}::text))
          || case when ${proposals.answerVerification} ? 'email'
               then jsonb_build_object('email', ${pseudonym.email}::text) else '{}'::jsonb end
        else ${proposals.answerVerification} end`,
      // The recipient frozen at sending (issue 34, H2) is the client's address too.
      recipientName: sql`case when ${proposals.recipientName} is null then null else ${pseudonym.name} end`,
      recipientEmail: sql`case when ${proposals.recipientEmail} is null then null else ${pseudonym.email} end`,
    })
    .where(ofClient);
  const ids = ctx.db.select({ id: proposals.id }).from(proposals).where(ofClient);
  // What /verificar shows of the signer was frozen at sealing: the erasure reaches it too (the sealed PDF,
  // already sent, is not re-made; docs/product.md#chain-after-pseudonymisation).
  await ctx.db
    .update(sealedDocuments)
    .set({
      certificate: sql`case when ${sealedDocuments.certificate} ? 'signerName'
        then jsonb_set(${sealedDocuments.certificate}, '{signerName}', to_jsonb(${pseudonym.name}::text))
        else ${sealedDocuments.certificate} end`,
    })
    .where(and(inTenant(sealedDocuments, ctx), inArray(sealedDocuments.proposalId, ids)));
  await ctx.db
    .update(answerCodes)
    .set({
      maskedEmail: MASKED,
      email: sql`case when ${answerCodes.email} is null then null else ${pseudonym.email} end`,
    })
    .where(and(inTenant(answerCodes, ctx), inArray(answerCodes.proposalId, ids)));
  // Audit rows: the client's IP goes (the members' own actions keep theirs), the signer's name and email and the masked address are replaced; the action,
  // time, content hash, user agent and the verification's times stay.
  const m = auditLogs.metadata;
  await ctx.db
    .update(auditLogs)
    .set({
      ip: sql`case when ${auditLogs.action} like 'proposal.public\_%' then null else ${auditLogs.ip} end`,
      metadata: sql`case when ${m} is null then null else ${m}
        || case when ${m} ? 'signerName' then jsonb_build_object('signerName', ${pseudonym.name}::text) else '{}'::jsonb end
        || case when ${m} ? 'signerEmail' then jsonb_build_object('signerEmail', ${pseudonym.email}::text) else '{}'::jsonb end
        || case when ${m} ? 'maskedEmail' then jsonb_build_object('maskedEmail', ${MASKED}::text) else '{}'::jsonb end
        || case when ${m} ? 'email' then jsonb_build_object('email', ${pseudonym.email}::text) else '{}'::jsonb end
        || case when ${m} ? 'fromEmail' then jsonb_build_object('fromEmail', ${pseudonym.email}::text, 'fromName', ${pseudonym.name}::text) else '{}'::jsonb end
        || case when ${m} ? 'toEmail' then jsonb_build_object('toEmail', ${pseudonym.email}::text, 'toName', ${pseudonym.name}::text) else '{}'::jsonb end
        || case when ${m}->'answerVerification' ? 'maskedEmail'
             then jsonb_build_object('answerVerification', jsonb_set(${m}->'answerVerification', '{maskedEmail}', to_jsonb(${MASKED}::text))
               || case when ${m}->'answerVerification' ? 'email' then jsonb_build_object('email', ${pseudonym.email}::text) else '{}'::jsonb end)
             else '{}'::jsonb end
        end`,
    })
    .where(
      and(
        inTenant(auditLogs, ctx),
        or(
          and(eq(auditLogs.entity, 'proposal'), inArray(auditLogs.entityId, ids)),
          and(eq(auditLogs.entity, 'client'), eq(auditLogs.entityId, id)),
        ),
      ),
    );
  // Emails to the client: the address and the body go (the row stays: its id is in the evidence); one not
  // yet sent is never sent.
  await ctx.db
    .update(emailOutbox)
    .set({
      toAddress: pseudonym.email,
      replyTo: null,
      html: '',
      text: '',
      links: [],
      status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
    })
    .where(and(inTenant(emailOutbox, ctx), eq(emailOutbox.toAddress, previousEmail)));
}

/**
 * Cancels the client's proposals still open (`OPEN_STATUSES`) with `reason`, inside the pseudonymisation's
 * transaction (issue 37): their links stop working and nobody can sign them. Returns what was cancelled.
 */
export async function cancelOpenClientProposals(
  ctx: Scope,
  clientId: string,
  reason: string,
): Promise<{ id: string; status: (typeof proposals.$inferSelect)['status'] }[]> {
  const open = await ctx.db
    .select({ id: proposals.id, status: proposals.status })
    .from(proposals)
    .where(
      and(
        inTenant(proposals, ctx),
        eq(proposals.clientId, clientId),
        inArray(proposals.status, OPEN_STATUSES),
      ),
    )
    .for('update');
  if (open.length === 0) return [];
  await ctx.db
    .update(proposals)
    .set({ status: 'cancelled', cancelledAt: new Date(), cancellationReason: reason, updatedAt: new Date() })
    .where(
      and(
        inTenant(proposals, ctx),
        inArray(
          proposals.id,
          open.map((p) => p.id),
        ),
      ),
    );
  return open;
}
