import type { OrganizationBranding } from '@/db/schema/organizations.ts';

/** The colour of an organization that never chose one (the column's default). */
export const DEFAULT_PRIMARY_COLOR = '#007bff';

/** How an organization presents itself in emails, the top bar and the public page. */
export interface Brand {
  organizationName: string;
  primaryColor: string;
  logo: string | null;
}

/**
 * The one read of an organization's brand from its row: name, colour (the default when unset) and logo (none
 * when unset). Every email, the public page and the settings answer go through it, so they never disagree.
 */
export function brandOf(
  org: { name: string; branding: Partial<OrganizationBranding> | null } | undefined,
): Brand {
  return {
    organizationName: org?.name ?? '',
    primaryColor: org?.branding?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    logo: org?.branding?.logo ?? null,
  };
}
