import { useEffect, useState } from 'react';

/**
 * False while the page is the server's markup (on the server, and while the browser hydrates an island), true
 * once the island runs (docs/architecture.md, "The public page"). The controls a client changes — the optional
 * items, the signer's name and email, the answer, question and download buttons — stay disabled until then: a
 * tick or a name typed into markup the script has not yet taken over would be lost, or differ from what the
 * page sends. State set by an effect rather than a server snapshot, so that the first render in the browser is
 * always the server's, whichever renderer hydrates it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
