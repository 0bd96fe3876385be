import { randomBytes } from 'node:crypto';
import type { Paged } from '@aceite/shared/schemas/common';
import type {
  Collection,
  CreateExportSchema,
  ListCollectionsQuerySchema,
  ListExportsQuerySchema,
  ListMandatesQuerySchema,
  Mandate,
  SepaExport,
} from '@aceite/shared/schemas/sepa-collections';
import { maskIban } from '@aceite/shared/sepa/bank-account';
import { SEPA_MESSAGES, sepaOverdueNeedsNoticeMessage } from '@aceite/shared/sepa/messages';
import { returnReasonLabel, type SepaReturnReason } from '@aceite/shared/sepa/return-reasons';
import { earliestCollectionDate, sepaCalendarDay } from '@aceite/shared/sepa/schedule';
import type { z } from 'zod';
import { assertCan } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import { assertPlanFeature } from '@/lib/entitlements.ts';
import { toPagination } from '@/lib/pagination.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import { buildPain008, type Pain008Collection } from './pain008.ts';
import { selectSepaCreditor } from './sepa.queries.ts';
import { sepaTimeZone, sepaToday } from './sepa-calendar.ts';
import * as q from './sepa-collections.queries.ts';
import { queuePreNotification } from './sepa-pre-notification.ts';

/*
 * Pagamentos (issue 39, docs/product.md#mandates-collections-and-the-file): the mandates the clients signed, their
 * collections, the SEPA file for a date, and what the bank reported. Admins and managers ('payments:read',
 * 'payments:manage'), Professional and up. The debtor's IBAN is masked in every answer and audit entry; only the
 * file carries it whole.
 */

async function assertRead(ctx: TenantContext): Promise<void> {
  assertCan(ctx, 'payments:read');
  await assertPlanFeature(ctx, 'sepa');
}

async function assertManage(ctx: TenantContext): Promise<void> {
  assertCan(ctx, 'payments:manage');
  await assertPlanFeature(ctx, 'sepa');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type CollectionJoin = Awaited<ReturnType<typeof q.selectCollection>> & {};

function collectionDto(row: CollectionJoin, today: string): Collection {
  const c = row.collection;
  return {
    id: c.id,
    mandateId: c.mandateId,
    mandateReference: row.mandateReference,
    mandateStatus: row.mandateStatus,
    proposalId: row.proposalId,
    proposalNumber: row.proposalNumber,
    proposalTitle: row.proposalTitle,
    debtorName: row.debtorName,
    debtorIbanMasked: maskIban(row.debtorIban),
    sequence: c.sequence,
    sequenceType: c.sequenceType,
    collectionDate: c.collectionDate,
    amountCents: c.amountCents,
    endToEndId: c.endToEndId,
    status: c.status,
    overdue: c.status === 'due' && c.collectionDate < today,
    exportId: c.exportId,
    submittedAt: iso(c.submittedAt),
    paidAt: iso(c.paidAt),
    returnedAt: iso(c.returnedAt),
    returnReason: (c.returnReason as SepaReturnReason | null) ?? null,
    preNotifiedAt: iso(c.preNotifiedAt),
    debtorEmailMissing: row.debtorEmail === null,
  };
}

function exportDto(row: Pick<q.ExportRow, keyof SepaExport | 'createdAt'>): SepaExport {
  return {
    id: row.id,
    messageId: row.messageId,
    version: row.version,
    collectionDate: row.collectionDate,
    numberOfTransactions: row.numberOfTransactions,
    controlSumCents: row.controlSumCents,
    createdAt: row.createdAt.toISOString(),
  };
}

function mandateDto(
  row: Awaited<ReturnType<typeof q.selectMandate>> & {},
  counts: Awaited<ReturnType<typeof q.countCollectionsByMandate>>,
): Mandate {
  const m = row.mandate;
  const mine = counts.filter((c) => c.mandateId === m.id);
  const of = (status: string) => mine.find((c) => c.status === status)?.n ?? 0;
  return {
    id: m.id,
    proposalId: m.proposalId,
    proposalNumber: row.proposalNumber,
    proposalTitle: row.proposalTitle,
    reference: m.reference,
    debtorName: m.debtorName,
    debtorIbanMasked: maskIban(m.debtorIban),
    debtorBic: m.debtorBic,
    signedAt: m.signedAt.toISOString(),
    status: m.status,
    revokedAt: iso(m.revokedAt),
    collections: {
      total: mine.reduce((sum, c) => sum + c.n, 0),
      due: of('due'),
      submitted: of('submitted'),
      paid: of('paid'),
      returned: of('returned'),
    },
  };
}

export async function listMandates(
  ctx: TenantContext,
  query: z.output<typeof ListMandatesQuerySchema>,
): Promise<Paged<Mandate>> {
  await assertRead(ctx);
  const { rows, total } = await q.selectMandates(ctx, query);
  const counts = await q.countCollectionsByMandate(
    ctx,
    rows.map((r) => r.mandate.id),
  );
  return {
    data: rows.map((r) => mandateDto(r, counts)),
    pagination: toPagination(query.page, query.limit, total),
  };
}

/** "Revogar": the mandate stops; its due collections are never exported. */
export async function revokeMandate(ctx: TenantContext, id: string): Promise<Mandate> {
  await assertManage(ctx);
  return withTx(ctx, async (tx) => {
    const found = await q.selectMandate(tx, id);
    if (!found) throw new AppError('NOT_FOUND', SEPA_MESSAGES.sepaMandateNotFound);
    const revoked = await q.revokeMandate(tx, id, now());
    if (!revoked) throw new AppError('CONFLICT', SEPA_MESSAGES.sepaMandateAlreadyRevoked);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'sepa_mandate.revoked',
      entity: 'sepa_mandate',
      entityId: id,
      metadata: { reference: revoked.reference, debtorIban: maskIban(revoked.debtorIban) },
    });
    return mandateDto({ ...found, mandate: revoked }, await q.countCollectionsByMandate(tx, [id]));
  });
}

export async function listCollections(
  ctx: TenantContext,
  query: z.output<typeof ListCollectionsQuerySchema>,
): Promise<Paged<Collection>> {
  await assertRead(ctx);
  const { rows, total } = await q.selectCollections(ctx, query);
  const today = await sepaToday(ctx);
  return {
    data: rows.map((r) => collectionDto(r, today)),
    pagination: toPagination(query.page, query.limit, total),
  };
}

/** Unique per organization (the table's index says so too): the instant and random letters, ≤ 35 characters. */
function newMessageId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `ACEITE-${stamp}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export interface ExportResult {
  export: SepaExport;
  collections: Collection[];
}

/** A locked collection as the answer describes it, with the row as it is after the export. */
function exportedJoin(locked: q.LockedCollection, collection: q.CollectionRow | undefined): CollectionJoin {
  // The lock held them: every one was still due. Anything else is a bug, and the transaction rolls back.
  if (!collection) throw new Error('sepa export: a locked collection changed');
  const m = locked.mandate;
  return {
    collection,
    mandateReference: m.reference,
    mandateStatus: m.status,
    proposalId: m.proposalId,
    proposalNumber: locked.proposalNumber,
    proposalTitle: locked.proposalTitle,
    debtorName: m.debtorName,
    debtorIban: m.debtorIban,
    debtorEmail: m.debtorEmail,
  };
}

/**
 * "Exportar ficheiro SEPA" for a date: every due collection of an active mandate of that date and, when the date
 * is at least `earliestCollectionDate(today)` (the notice period away), the overdue ones re-dated to it
 * (docs/decisions.md, "Issue 39 — SEPA Pagamentos: who sees it, overdue collections, concurrent exports"),
 * written as pain.008, stored, and marked submitted in one transaction. "Today" is the organization's SEPA
 * calendar day (`sepaToday`). A re-dated collection, and one the hourly job has not pre-notified yet (it only
 * notifies due ones), gets its pre-notification with the export's date queued in the same transaction: no debit
 * on a date the debtor was not told. One whose mandate has no debtor email cannot be told, so it is left out,
 * 422 when nothing else is left (docs/decisions.md, "Issue 39 — SEPA: no pre-notification without an email").
 * The rows are locked `FOR UPDATE SKIP LOCKED`, so two exports at once never carry the same collection.
 */
export async function createExport(
  ctx: TenantContext,
  input: z.output<typeof CreateExportSchema>,
): Promise<ExportResult> {
  await assertManage(ctx);
  const at = now();
  const timeZone = await sepaTimeZone(ctx);
  const today = sepaCalendarDay(at, timeZone);
  if (input.collectionDate < today) {
    throw new AppError('VALIDATION_ERROR', SEPA_MESSAGES.sepaExportDateInPast, [
      { field: 'collectionDate', message: SEPA_MESSAGES.sepaExportDateInPast },
    ]);
  }
  // The one rule of re-dating: a new date the debtor can be told of SEPA_NOTICE_DAYS ahead.
  const earliest = earliestCollectionDate(today);
  const redatesOverdue = input.collectionDate >= earliest;
  // A new date, or one never announced, needs a pre-notification now.
  const needsNotice = (c: q.CollectionRow) => c.collectionDate !== input.collectionDate || !c.preNotifiedAt;
  return withTx(ctx, async (tx) => {
    const creditor = await selectSepaCreditor(tx);
    if (!creditor) throw new AppError('UNPROCESSABLE', SEPA_MESSAGES.sepaExportNeedsCreditor);
    const locked = await q.lockDueCollections(tx, input.collectionDate, redatesOverdue ? today : null);
    const due = locked.filter((d) => d.mandate.debtorEmail !== null || !needsNotice(d.collection));
    if (due.length === 0) {
      if (locked.length > 0) {
        throw new AppError('UNPROCESSABLE', SEPA_MESSAGES.sepaExportNeedsDebtorEmail);
      }
      if (!redatesOverdue && (await q.countOverdueCollections(tx, today)) > 0) {
        const message = sepaOverdueNeedsNoticeMessage(earliest);
        throw new AppError('UNPROCESSABLE', message, [{ field: 'collectionDate', message }]);
      }
      throw new AppError('UNPROCESSABLE', SEPA_MESSAGES.sepaNothingToExport);
    }

    const amended = new Set<string>();
    const items: Pain008Collection[] = due.map(
      ({ collection: c, mandate: m, proposalNumber, proposalTitle }) => {
        const changed =
          m.creditorName !== creditor.name || m.creditorIdentifier !== creditor.creditorIdentifier;
        if (changed) amended.add(m.id);
        return {
          endToEndId: c.endToEndId,
          mandateId: m.reference,
          mandateSignedOn: sepaCalendarDay(m.signedAt, timeZone),
          debtorName: m.debtorName,
          debtorIban: m.debtorIban,
          debtorBic: m.debtorBic,
          amountCents: c.amountCents,
          sequenceType: c.sequenceType,
          collectionDate: input.collectionDate,
          remittance: `${proposalNumber} ${proposalTitle}`,
          ...(changed
            ? {
                amendment: {
                  originalCreditor: {
                    ...(m.creditorName !== creditor.name ? { name: m.creditorName } : {}),
                    ...(m.creditorIdentifier !== creditor.creditorIdentifier
                      ? { creditorIdentifier: m.creditorIdentifier }
                      : {}),
                  },
                },
              }
            : {}),
        };
      },
    );
    const messageId = newMessageId(at);
    const xml = buildPain008(
      {
        name: creditor.name,
        creditorIdentifier: creditor.creditorIdentifier,
        iban: creditor.iban,
        bic: creditor.bic,
      },
      items,
      { version: input.version, messageId, createdAt: at },
    );
    const controlSumCents = items.reduce((sum, c) => sum + c.amountCents, 0);
    const row = await q.insertExport(tx, {
      messageId,
      version: input.version,
      collectionDate: input.collectionDate,
      numberOfTransactions: items.length,
      controlSumCents,
      xml,
      createdBy: personOf(ctx),
      createdAt: at,
    });
    // A new date (or one never announced) is pre-notified now, with the date the debtor is debited on.
    const notified: string[] = [];
    for (const { collection: c, mandate: m, proposalNumber } of due) {
      if (!needsNotice(c) || !m.debtorEmail) continue;
      await queuePreNotification(tx.db, {
        organizationId: ctx.organizationId,
        to: m.debtorEmail,
        mandate: m,
        amountCents: c.amountCents,
        collectionDate: input.collectionDate,
        proposalNumber,
        creditor,
      });
      notified.push(c.id);
    }
    await q.markPreNotified(tx, notified, at);
    const marked = await q.markSubmitted(
      tx,
      due.map((d) => d.collection.id),
      { exportId: row.id, collectionDate: input.collectionDate, at },
    );
    // The file told the bank of the creditor's change: the mandates now carry the creditor as it is.
    await q.updateMandateCreditor(tx, [...amended], {
      name: creditor.name,
      creditorIdentifier: creditor.creditorIdentifier,
    });

    const byId = new Map(marked.map((c) => [c.id, c]));
    const collections = due.map((d) => collectionDto(exportedJoin(d, byId.get(d.collection.id)), today));
    const dto = exportDto(row);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'sepa_export.created',
      entity: 'sepa_export',
      entityId: row.id,
      metadata: {
        messageId,
        version: input.version,
        collectionDate: input.collectionDate,
        numberOfTransactions: items.length,
        controlSumCents,
        collections: collections.map((c) => ({ endToEndId: c.endToEndId, debtorIban: c.debtorIbanMasked })),
      },
    });
    await enqueueEvent(tx.db, {
      organizationId: ctx.organizationId,
      type: 'collection.exported',
      data: { ...dto, collections },
    });
    return { export: dto, collections };
  });
}

export async function listExports(
  ctx: TenantContext,
  query: z.output<typeof ListExportsQuerySchema>,
): Promise<Paged<SepaExport>> {
  await assertRead(ctx);
  const { rows, total } = await q.selectExports(ctx, query);
  return { data: rows.map(exportDto), pagination: toPagination(query.page, query.limit, total) };
}

/** The file as it was written, to download again. */
export async function exportFile(ctx: TenantContext, id: string): Promise<{ filename: string; xml: string }> {
  await assertRead(ctx);
  const row = await q.selectExport(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', SEPA_MESSAGES.sepaExportNotFound);
  return { filename: `sepa-${row.collectionDate}-${row.messageId}.xml`, xml: row.xml };
}

/** "Marcar como paga" / "Marcar como devolvida": only a submitted collection (the bank has it). */
export async function settleCollection(
  ctx: TenantContext,
  id: string,
  outcome: { status: 'paid' } | { status: 'returned'; reason: SepaReturnReason },
): Promise<Collection> {
  await assertManage(ctx);
  const today = await sepaToday(ctx);
  return withTx(ctx, async (tx) => {
    const found = await q.selectCollection(tx, id);
    if (!found) throw new AppError('NOT_FOUND', SEPA_MESSAGES.sepaCollectionNotFound);
    const at = now();
    const updated = await q.settleCollection(tx, id, { ...outcome, at });
    if (!updated) throw new AppError('CONFLICT', SEPA_MESSAGES.sepaCollectionNotSubmitted);
    const dto = collectionDto({ ...found, collection: updated }, today);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: outcome.status === 'paid' ? 'sepa_collection.paid' : 'sepa_collection.returned',
      entity: 'sepa_collection',
      entityId: id,
      metadata: {
        endToEndId: dto.endToEndId,
        amountCents: dto.amountCents,
        debtorIban: dto.debtorIbanMasked,
        ...(outcome.status === 'returned' ? { reason: outcome.reason } : {}),
      },
    });
    if (outcome.status === 'returned') {
      await enqueueEvent(tx.db, {
        organizationId: ctx.organizationId,
        type: 'collection.returned',
        data: { ...dto, returnReasonLabel: returnReasonLabel(outcome.reason) },
        orderingKey: dto.mandateId,
      });
    }
    return dto;
  });
}
