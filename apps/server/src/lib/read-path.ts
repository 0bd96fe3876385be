import type { Db } from '@/db/client.ts';

/**
 * The test-only switch of the hot reads (issue 26): a database handle marked here is served the way the reads
 * were computed before — the query built on every call, counts and sums recomputed from the proposals — so a
 * test can compare the optimised answers with those, byte for byte (`reads-unchanged.test.ts`). Nothing in
 * production marks a handle (`AppConfig.referenceReads`).
 */
const reference = new WeakSet<object>();

export function useReferenceReads(db: Db): void {
  reference.add(db);
}

/** Whether this handle answers by the reference path. A transaction is never marked: writes are not concerned. */
export function readsByReference(db: Db): boolean {
  return reference.has(db);
}
