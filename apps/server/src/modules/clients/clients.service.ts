import { agreedTotal } from '@aceite/shared/agreed';
import { MESSAGES } from '@aceite/shared/messages';
import type { Client, ClientDetail, ClientInputSchema } from '@aceite/shared/schemas/clients';
import type { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '@/db/errors.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import { PSEUDONYM_EMAIL_DOMAIN } from '@/lib/pseudonym.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  type ClientRow,
  cancelOpenClientProposals,
  countClientProposals,
  countDecidedClientProposals,
  deleteClientById,
  insertClient,
  type Pseudonym,
  pseudonymiseClientById,
  selectClientById,
  selectClientProposals,
  selectClients,
  updateClientById,
} from './clients.queries.ts';

type ClientInput = z.output<typeof ClientInputSchema>;

function toClientDto(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    taxId: row.taxId,
    address: { street: row.street, city: row.city, postalCode: row.postalCode, country: row.country },
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toValues(input: ClientInput) {
  return {
    name: input.name,
    company: input.company,
    email: input.email,
    phone: input.phone,
    taxId: input.taxId,
    street: input.address.street,
    city: input.address.city,
    postalCode: input.address.postalCode,
    country: input.address.country,
    notes: input.notes,
  };
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.clientNotFound);
const emailTaken = () => fieldError('email', MESSAGES.clientEmailTaken, 'CONFLICT');

export async function listClients(
  ctx: TenantContext,
  query: { search?: string; page: number; limit: number },
): Promise<{ data: Client[]; pagination: Pagination }> {
  const { rows, total } = await selectClients(ctx, {
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toClientDto), pagination: toPagination(query.page, query.limit, total) };
}

/** `GET /clients/{id}`'s answer, and so the `client.*` events' data (docs/integrations.md#events). */
async function toClientDetail(ctx: TenantContext, row: ClientRow): Promise<ClientDetail> {
  const proposals = await selectClientProposals(ctx, row.id);
  return {
    ...toClientDto(row),
    proposals: proposals.map(({ chosenTotal, ...p }) => ({
      ...p,
      agreedTotal: agreedTotal({ ...p, chosenTotal }),
      signedAt: p.signedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

export async function getClient(ctx: TenantContext, id: string): Promise<ClientDetail> {
  const row = await selectClientById(ctx, id);
  if (!row) throw notFound();
  return toClientDetail(ctx, row);
}

export async function createClient(ctx: TenantContext, input: ClientInput): Promise<Client> {
  assertCan(ctx.role, 'client:write');
  try {
    return await withTx(ctx, async (tx) => {
      const row = await insertClient(tx, { ...toValues(input), createdBy: personOf(ctx) });
      const client = toClientDto(row);
      const data = { ...client, proposals: [] };
      await enqueueEvent(tx.db, { organizationId: ctx.organizationId, type: 'client.created', data });
      return client;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'clients_org_email_key')) throw emailTaken();
    throw error;
  }
}

export async function updateClient(ctx: TenantContext, id: string, input: ClientInput): Promise<Client> {
  assertCan(ctx.role, 'client:write');
  try {
    return await withTx(ctx, async (tx) => {
      const row = await updateClientById(tx, id, toValues(input));
      if (!row) throw notFound();
      const data = await toClientDetail(tx, row);
      await enqueueEvent(tx.db, { organizationId: ctx.organizationId, type: 'client.updated', data });
      return toClientDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'clients_org_email_key')) throw emailTaken();
    throw error;
  }
}

/**
 * A client without proposals is deleted; one whose proposals are still undecided is refused with 409 (their
 * history must stay intact); one who answered a proposal is pseudonymised: the personal data goes, the
 * evidence of the decisions stays (docs/product.md#personal-data).
 */
export async function deleteClient(ctx: TenantContext, id: string): Promise<{ pseudonymised: boolean }> {
  assertCan(ctx.role, 'client:delete');
  const row = await selectClientById(ctx, id);
  if (!row) throw notFound();
  if ((await countDecidedClientProposals(ctx, id)) > 0) {
    await pseudonymiseClient(ctx, row);
    return { pseudonymised: true };
  }
  const hasProposals = () => new AppError('CONFLICT', MESSAGES.clientHasProposals);
  if ((await countClientProposals(ctx, id)) > 0) throw hasProposals();
  try {
    await deleteClientById(ctx, id);
  } catch (error) {
    // A proposal created between the check and the delete: the foreign key decides.
    if (isForeignKeyViolation(error)) throw hasProposals();
    throw error;
  }
  return { pseudonymised: false };
}

/** The client's stand-in: no trace of who they were, distinct per client (the email stays unique). */
export function pseudonymFor(clientId: string): Pseudonym {
  return {
    name: `Cliente eliminado ${clientId.slice(0, 8)}`,
    email: `eliminado-${clientId}@${PSEUDONYM_EMAIL_DOMAIN}`,
  };
}

/**
 * The personal data goes and, in the same transaction, the client's proposals still open are cancelled
 * (issue 37; docs/decisions.md, "Pseudonymising a client with open proposals"): their links say the proposal is
 * no longer available and nobody can sign under 'Cliente eliminado'. Each cancellation is audited and sent to
 * webhooks as a member's 'Cancelar proposta' is; the client is not emailed (their address is gone).
 */
async function pseudonymiseClient(ctx: TenantContext, row: ClientRow): Promise<void> {
  await withTx(ctx, async (tx) => {
    const reason = MESSAGES.clientErasedCancellationReason;
    const cancelledProposals = await cancelOpenClientProposals(tx, row.id, reason);
    await pseudonymiseClientById(tx, row.id, row.email, pseudonymFor(row.id));
    // After the erasure: the webhook's proposal carries the stand-in, never the person.
    for (const cancelled of cancelledProposals) {
      await recordAudit(tx.db, {
        organizationId: ctx.organizationId,
        actorId: personOf(ctx),
        impersonatorId: ctx.impersonatorId ?? null,
        action: 'proposal.cancelled',
        entity: 'proposal',
        entityId: cancelled.id,
        metadata: { from: cancelled.status, reason, notifyClient: false, outboxId: null, clientErased: true },
      });
      await enqueueProposalEvent(tx.db, ctx.organizationId, cancelled.id, 'proposal.cancelled');
    }
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'client.pseudonymised',
      entity: 'client',
      entityId: row.id,
    });
  });
}
