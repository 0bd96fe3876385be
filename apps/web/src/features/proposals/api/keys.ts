import type { ProposalSort, ProposalStatus } from '@aceite/shared/schemas/proposals';

/** What the proposals list is filtered by; part of the list's cache key. */
export interface ProposalListFilters {
  status?: ProposalStatus;
  search?: string;
  sort?: ProposalSort;
  /** 'Para aprovar' (docs/product.md#approvals). */
  awaitingMyApproval?: boolean;
}

export const proposalKeys = {
  all: ['proposals'] as const,
  lists: () => [...proposalKeys.all, 'list'] as const,
  list: (filters: ProposalListFilters) => [...proposalKeys.lists(), filters] as const,
  details: () => [...proposalKeys.all, 'detail'] as const,
  detail: (id: string) => [...proposalKeys.details(), id] as const,
  stats: () => [...proposalKeys.all, 'stats'] as const,
  emailDraft: (id: string) => [...proposalKeys.all, 'email-draft', id] as const,
  evidence: (id: string) => [...proposalKeys.all, 'evidence', id] as const,
  reading: (id: string) => [...proposalKeys.all, 'reading', id] as const,
  messages: (id: string) => [...proposalKeys.all, 'messages', id] as const,
  approval: (id: string) => [...proposalKeys.all, 'approval', id] as const,
};

/**
 * The editor's look-ups in other modules' APIs (clients, products, users). A feature never imports another
 * feature, so these live here, under their own root: proposal mutations never invalidate them.
 */
export const proposalLookupKeys = {
  all: ['proposal-lookups'] as const,
  clients: () => [...proposalLookupKeys.all, 'clients'] as const,
  clientSearch: (search: string) => [...proposalLookupKeys.clients(), search] as const,
  products: (search: string) => [...proposalLookupKeys.all, 'products', search] as const,
  members: () => [...proposalLookupKeys.all, 'members'] as const,
  sepaReadiness: () => [...proposalLookupKeys.all, 'sepa-readiness'] as const,
};
