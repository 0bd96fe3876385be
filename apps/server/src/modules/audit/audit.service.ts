import type { Db } from '@/db/client.ts';
import { type AuditEntry, insertAuditLog } from './audit.queries.ts';

export type { AuditEntry };

/**
 * Records a security-relevant event (sign-ins, resets, impersonation, answers, archived evidence) in the audit
 * log; the one way every module writes it. Pass the transaction's db when the event belongs to a change, so
 * both commit or neither does.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditLog(db, entry);
}
