import type { Db } from '@/db/client.ts';
import { auditLogs } from '@/db/schema/index.ts';

export type AuditEntry = typeof auditLogs.$inferInsert;

export async function insertAuditLog(db: Db, values: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values(values);
}
