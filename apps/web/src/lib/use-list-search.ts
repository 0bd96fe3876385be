import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

/** Typing pauses this long before a list is searched (every search box of the app). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search a list asks the server for: trimmed, and only once typing has paused. */
export function useDebouncedSearch(search: string): string {
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return debounced;
}

/** A page number from the URL: a positive integer, else the first page. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export interface ListSearchParams {
  /** The search as the URL holds it (`?search=`), not yet debounced. */
  search: string;
  /** The page as the URL holds it (`?page=`, 1 when absent). */
  page: number;
  /** A new search starts again at page 1. */
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
}

/**
 * A list's search and page bound to the URL (`?search=`, `?page=`; the list's other parameters are kept), so
 * a reload, a shared link or the back button shows the same list. Typing replaces the history entry (none per
 * letter) and keeps the scroll position; changing page adds an entry and starts at the top.
 */
export function useListSearchParams(): ListSearchParams {
  const [searchParams, setSearchParams] = useSearchParams();

  const update = (next: { search?: string; page?: number }, replace: boolean) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.search !== undefined) {
          if (next.search) params.set('search', next.search);
          else params.delete('search');
        }
        if (next.page !== undefined) {
          if (next.page > 1) params.set('page', String(next.page));
          else params.delete('page');
        }
        return params;
      },
      { replace, preventScrollReset: replace },
    );

  return {
    search: searchParams.get('search') ?? '',
    page: pageFromParam(searchParams.get('page')),
    setSearch: (search) => update({ search, page: 1 }, true),
    setPage: (page) => update({ page }, false),
  };
}
