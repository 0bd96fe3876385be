import type { StoredOrganizationSettings } from '@aceite/shared/schemas/organization-settings';
import { completeContent } from '@aceite/shared/schemas/proposals';
import type { ShownOrganization, ShownProposal } from '@aceite/shared/schemas/shown-proposal';
import { savedTaxBreakdown } from '@aceite/shared/totals';
import type { proposals } from '@/db/schema/index.ts';
import { brandOf } from '@/lib/branding.ts';
import {
  type LoadOptions,
  type ProposalKey,
  type ShownScope,
  selectShownSource,
} from './shown-proposal.queries.ts';

export type { LoadOptions, ProposalKey, ShownScope } from './shown-proposal.queries.ts';

type ProposalRow = typeof proposals.$inferSelect;
type Source = NonNullable<Awaited<ReturnType<typeof selectShownSource>>>;

/**
 * A proposal with what the client is shown of it (`shown`, `organization`) and the rows they come from
 * (`proposal`, the owner's and client's records, the organization's settings) for the rules that need more.
 */
export interface LoadedProposal extends Source {
  shown: ShownProposal;
  shownOrganization: ShownOrganization;
}

/** The organization's NIF as its settings hold it (docs/product.md#tax-ids). */
function organizationTaxId(settings: StoredOrganizationSettings): string | null {
  return settings.taxId || null;
}

/** The one mapper of the shown proposal from its row and relations (shared/schemas/shown-proposal.ts). */
export function toShownProposal(
  p: ProposalRow,
  client: { name: string; company: string | null; taxId: string | null } | null,
  owner: { firstName: string; lastName: string; email: string },
  creditor: { name: string; creditorIdentifier: string } | null,
  /** The organization's (`organizations.timezone`): the calendar of the SEPA schedule's "today". */
  timeZone: string,
): ShownProposal {
  const content = completeContent(p.content);
  return {
    number: p.number,
    title: p.title,
    description: p.description,
    status: p.status,
    currency: p.currency,
    content,
    subtotal: p.subtotal,
    discountType: p.discountType,
    discountValue: p.discountValue,
    discountAmount: p.discountAmount,
    taxRate: p.taxRate,
    taxAmount: p.taxAmount,
    taxBreakdown: savedTaxBreakdown({ ...p, items: content.items }),
    totalValue: p.totalValue,
    validUntil: p.validUntil,
    client: client ? { name: client.name, company: client.company, taxId: client.taxId } : null,
    owner: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    clientChoice: p.clientChoice ?? null,
    // Without a creditor (its settings removed) nothing can be collected: the proposal shows no debit.
    sepa:
      p.sepaPattern && p.sepaFirstCollectionDate && creditor
        ? {
            pattern: p.sepaPattern,
            instalments: p.sepaInstalments,
            firstCollectionDate: p.sepaFirstCollectionDate,
            creditorName: creditor.name,
            creditorIdentifier: creditor.creditorIdentifier,
            timeZone,
          }
        : null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The organization as the page and the PDF show it (docs/product.md#tax-ids for its NIF). */
export function toShownOrganization(organization: Source['organization']): ShownOrganization {
  const brand = brandOf(organization);
  return {
    name: brand.organizationName,
    primaryColor: brand.primaryColor,
    logo: brand.logo,
    taxId: organizationTaxId(organization.settings),
  };
}

/**
 * The one loader of a proposal as its client sees it (docs/architecture.md, "The shown proposal"): by id within
 * the scope's organization, or by its public token; undefined when there is none.
 */
export async function loadShownProposal(
  scope: ShownScope,
  key: ProposalKey,
  options: LoadOptions = {},
): Promise<LoadedProposal | undefined> {
  const source = await selectShownSource(scope, key, options);
  if (!source) return undefined;
  return {
    ...source,
    shown: toShownProposal(
      source.proposal,
      source.client,
      source.owner,
      source.creditor,
      source.organization.timezone,
    ),
    shownOrganization: toShownOrganization(source.organization),
  };
}
