import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the page is the server's markup (on the server, and while the browser hydrates it), true once
 * React runs it (docs/architecture.md, "The public page"). The controls a client changes — the optional items,
 * the signer's name and email, the answer, question and download buttons — stay disabled until then: a tick or
 * a name typed into markup React has not yet taken over would be lost, or differ from what the page sends.
 * A page drawn in the browser alone (the static shell) is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
