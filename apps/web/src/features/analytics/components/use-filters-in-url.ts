import type { AnalyticsQuery } from '@aceite/shared/schemas/analytics';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_KEYS, readFilters, writeFilters } from '../api/filters';

const keyOf = (filters: AnalyticsQuery) => FILTER_KEYS.map((key) => filters[key] ?? '').join('|');

interface State {
  filters: AnalyticsQuery;
  /** The URL's filters as last seen. */
  urlKey: string;
  /** Our own URL writes that have not shown up in the URL yet, oldest first. */
  pending: string[];
}

/**
 * The report's filters, kept in the URL. The router commits URL changes in a transition, so the URL can lag
 * behind quick successive edits (and a busy device): the inputs and queries follow local state at once, each
 * change is written to the URL, and only a URL change that is not one of our own writes (back/forward, a
 * link) replaces the local filters.
 */
export function useFiltersInUrl(): [AnalyticsQuery, (patch: Partial<AnalyticsQuery>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = readFilters(searchParams);
  const urlKey = keyOf(fromUrl);
  const [state, setState] = useState<State>(() => ({ filters: fromUrl, urlKey, pending: [] }));
  const latest = useRef(state.filters);

  let current = state;
  if (urlKey !== state.urlKey) {
    const ours = state.pending.indexOf(urlKey);
    current =
      ours >= 0
        ? { ...state, urlKey, pending: state.pending.slice(ours + 1) }
        : { filters: fromUrl, urlKey, pending: [] };
    if (ours < 0) latest.current = fromUrl;
    // Adjusting state while rendering, as React documents for state derived from changing input.
    setState(current);
  }

  const change = (patch: Partial<AnalyticsQuery>) => {
    const filters = { ...latest.current, ...patch };
    for (const key of FILTER_KEYS) if (!filters[key]) delete filters[key];
    latest.current = filters;
    const key = keyOf(filters);
    setState((prev) => ({
      ...prev,
      filters,
      pending: key === prev.urlKey && prev.pending.length === 0 ? prev.pending : [...prev.pending, key],
    }));
    setSearchParams((params) => writeFilters(params, filters), { replace: true });
  };

  return [current.filters, change];
}
