import { mayUse } from '@aceite/shared/plans';
import type { Db } from '@/db/client.ts';
import { openSecret } from '@/lib/secret-box.ts';
import { selectSenderForSending } from './email-sender.queries.ts';

/** The From and DKIM signing key of an organization's email to a client, as the transport takes them. */
export interface OrganizationSender {
  name: string;
  address: string;
  dkim: { domainName: string; keySelector: string; privateKey: string };
}

/**
 * The organization's own sender as the outbox worker sends (docs/product.md#white-label): only a verified one,
 * only while the plan includes the white-label. Read at sending, not at queueing, so a removed, changed or
 * unverified sender (or a downgrade) applies to the emails still queued. Null: the platform's sender.
 */
export async function organizationSenderOf(
  db: Db,
  secretKey: Buffer,
  organizationId: string,
): Promise<OrganizationSender | null> {
  const row = await selectSenderForSending(db, organizationId);
  if (!row?.verifiedAt || !mayUse(row.plan, 'whiteLabel')) return null;
  let privateKey: string;
  try {
    privateKey = openSecret(secretKey, row.dkimPrivateKeySealed);
  } catch {
    // Sealed under another server secret (JWT_SECRET changed): the email still leaves, as the platform's
    // (docs/deployment.md#email); setting the sender again makes a new key.
    return null;
  }
  return {
    name: row.name,
    address: row.address,
    dkim: { domainName: row.domain, keySelector: row.dkimSelector, privateKey },
  };
}
