import type { Collection } from '@aceite/shared/schemas/sepa-collections';

/** The sequence types as the schedule names them everywhere (one home: shared/sepa/schedule-core.ts). */
export { SEPA_SEQUENCE_LABELS as SEQUENCE_TYPE_LABELS } from '@aceite/shared/sepa/schedule-core';

export const COLLECTION_STATUS_COLORS: Record<Collection['status'], string> = {
  due: 'blue',
  submitted: 'yellow',
  paid: 'green',
  returned: 'red',
};

/** The collections grouped by their date, in the order the API sorts them (by date). */
export function groupByDate(
  collections: readonly Collection[],
): { date: string; collections: Collection[] }[] {
  const groups = new Map<string, Collection[]>();
  for (const collection of collections) {
    const group = groups.get(collection.collectionDate) ?? [];
    group.push(collection);
    groups.set(collection.collectionDate, group);
  }
  return [...groups].map(([date, items]) => ({ date, collections: items }));
}

/**
 * A collection the export can take: due, of an active mandate, and with an address for its pre-notification
 * (the server leaves the others out of the file: docs/decisions.md, "Issue 39 — SEPA: no pre-notification without
 * an email").
 */
function canBeFiled(c: Collection): boolean {
  return c.status === 'due' && c.mandateStatus === 'active' && !c.debtorEmailMissing;
}

/** A date whose due collections can be exported: some can be filed and are not overdue. */
export function isExportable(collections: readonly Collection[]): boolean {
  return collections.some((c) => canBeFiled(c) && !c.overdue);
}

/**
 * A date whose collections are overdue and still exportable: its 'Exportar com nova data' re-dates them (with a
 * new pre-notification) into a date at least `earliestCollectionDate(today)` (docs/decisions.md, "Issue 39 —
 * SEPA Pagamentos: who sees it, overdue collections, concurrent exports").
 */
export function hasOverdue(collections: readonly Collection[]): boolean {
  return collections.some((c) => canBeFiled(c) && c.overdue);
}
