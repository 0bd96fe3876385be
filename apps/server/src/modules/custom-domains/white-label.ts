import { mayUse } from '@aceite/shared/plans';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { customDomains, organizations } from '@/db/schema/index.ts';

/**
 * The one rule of the white-label (docs/decisions.md, "White-label (custom domain)"): an organization whose plan
 * includes it (Enterprise) AND that has a verified custom domain shows its client no Aceite mark, and its
 * client-facing links use that domain. Enterprise alone keeps the mark: its pages are still on the app's host.
 * Answers the domain, or null.
 */
export async function whiteLabelOf(db: Db, organizationId: string): Promise<{ domain: string } | null> {
  const [row] = await db
    .select({ domain: customDomains.domain, plan: organizations.plan })
    .from(customDomains)
    .innerJoin(organizations, eq(organizations.id, customDomains.organizationId))
    .where(and(eq(customDomains.organizationId, organizationId), isNotNull(customDomains.verifiedAt)))
    .limit(1);
  return row && mayUse(row.plan, 'whiteLabel') ? { domain: row.domain } : null;
}

/**
 * Where an email to the organization's client points, and whether it drops the Aceite line: the custom domain's
 * address for a white-label organization, the app's own (`appUrl`) otherwise.
 */
export async function clientFacingOf(
  db: Db,
  organizationId: string,
  appUrl: string,
): Promise<{ pageUrl: string; whiteLabel: boolean }> {
  const whiteLabel = await whiteLabelOf(db, organizationId);
  return whiteLabel
    ? { pageUrl: `https://${whiteLabel.domain}`, whiteLabel: true }
    : { pageUrl: appUrl, whiteLabel: false };
}
