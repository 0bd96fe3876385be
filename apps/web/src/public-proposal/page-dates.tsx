import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { formatDate, formatDateTime } from './format';

/**
 * The zone the server writes the page's dates in (docs/architecture.md, "The public page"): the server cannot
 * know the reader's zone, and the browser must hydrate exactly the markup the server sent. Right after
 * hydration the page switches to the reader's own zone (a no-op for most readers, who are in it).
 */
export const SERVER_TIME_ZONE = 'Europe/Lisbon';

const PageTimeZone = createContext<string | undefined>(undefined);

/** `hydrating`: the markup came from the server; dates start in its zone, then follow the reader's. */
export function PageDates({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [zone, setZone] = useState<string | undefined>(hydrating ? SERVER_TIME_ZONE : undefined);
  useEffect(() => {
    // Most readers are in it already: nothing to draw again.
    if (Intl.DateTimeFormat().resolvedOptions().timeZone === SERVER_TIME_ZONE) return;
    startTransition(() => setZone(undefined));
  }, []);
  return <PageTimeZone.Provider value={zone}>{children}</PageTimeZone.Provider>;
}

/** The page's date formatters, in the zone the page currently writes dates in. */
export function usePageDates() {
  const zone = useContext(PageTimeZone);
  return {
    formatDate: (iso: string) => formatDate(iso, zone),
    formatDateTime: (iso: string) => formatDateTime(iso, zone),
  };
}
