import { DateOnlySchema } from '@aceite/shared/schemas/common';
import {
  COLLECTION_STATUSES,
  type CollectionStatus,
  MANDATE_STATUSES,
  type MandateStatus,
} from '@aceite/shared/schemas/sepa-collections';
import { useSearchParams } from 'react-router';
import { type ListSearchParams, useListSearchParams } from '@/lib/use-list-search';
import type { CollectionFilters } from '../api/payments';

/*
 * The Pagamentos lists' filters and page live in the address beside the tab, like every list screen
 * (docs/architecture.md, "Web"): `?status=`, `?from=`/`?to=` (YYYY-MM-DD) and `?page=`. Switching tab starts
 * from a clean address, so the tabs never read each other's filters. A value that is not one is ignored.
 */

const isCollectionStatus = (value: string | null): value is CollectionStatus =>
  (COLLECTION_STATUSES as readonly (string | null)[]).includes(value);
const isMandateStatus = (value: string | null): value is MandateStatus =>
  (MANDATE_STATUSES as readonly (string | null)[]).includes(value);
const dateParam = (value: string | null) => (DateOnlySchema.safeParse(value).success ? (value ?? '') : '');

/** Sets (or, empty, removes) the filters and goes back to the first page, replacing the history entry. */
function useSetFilters() {
  const [, setSearchParams] = useSearchParams();
  return (change: Record<string, string | undefined>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
}

export interface CollectionsParams extends Pick<ListSearchParams, 'page' | 'setPage'> {
  status?: CollectionStatus;
  /** `YYYY-MM-DD`, or '' for no bound. */
  from: string;
  to: string;
  filters: CollectionFilters;
  setFilters: (change: { status?: CollectionStatus | null; from?: string; to?: string }) => void;
}

export function useCollectionsParams(): CollectionsParams {
  const [searchParams] = useSearchParams();
  const { page, setPage } = useListSearchParams();
  const setFilters = useSetFilters();
  const asked = searchParams.get('status');
  const status = isCollectionStatus(asked) ? asked : undefined;
  const from = dateParam(searchParams.get('from'));
  const to = dateParam(searchParams.get('to'));
  return {
    status,
    from,
    to,
    page,
    setPage,
    filters: { status, from: from || undefined, to: to || undefined, page },
    setFilters: (change) =>
      setFilters({
        ...('status' in change ? { status: change.status ?? undefined } : {}),
        ...('from' in change ? { from: change.from } : {}),
        ...('to' in change ? { to: change.to } : {}),
      }),
  };
}

export interface MandatesParams extends Pick<ListSearchParams, 'page' | 'setPage'> {
  /** 'active' when the address names none (the default filter). */
  status: MandateStatus | 'all';
  setStatus: (status: MandateStatus | 'all') => void;
}

export function useMandatesParams(): MandatesParams {
  const [searchParams] = useSearchParams();
  const { page, setPage } = useListSearchParams();
  const setFilters = useSetFilters();
  const asked = searchParams.get('status');
  return {
    status: asked === 'all' ? 'all' : isMandateStatus(asked) ? asked : 'active',
    page,
    setPage,
    setStatus: (status) => setFilters({ status: status === 'active' ? undefined : status }),
  };
}
