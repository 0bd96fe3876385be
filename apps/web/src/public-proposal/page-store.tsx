// What the client's page knows and changes, in one place every island reads (docs/architecture.md, "The public
// page"): the proposal as last read, the client's choice of optional items, and whether the answer's result
// should take focus. The page's islands are separate roots, so they share this store rather than React state.
import { type ClientChoice, defaultChoice } from '@aceite/shared/client-choice';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { getPublicProposal } from './api';

export interface PageState {
  proposal: PublicProposal;
  /** The configuration the client is choosing (docs/product.md#client-choice), for `proposal`'s version. */
  choice: ClientChoice;
  /** An answer was just given: the result's heading takes focus once it is drawn. */
  focusResult: boolean;
}

export interface PageStore {
  readonly publicToken: string;
  get(): PageState;
  subscribe(listener: () => void): () => void;
  setChoice(choice: ClientChoice): void;
  /** Reads the proposal again (after an answer or a message), without counting a view. */
  reload(): Promise<void>;
  /** After an answer: re-read, then move focus to the result. */
  answered(): Promise<void>;
  resultFocused(): void;
}

export function createPageStore(publicToken: string, proposal: PublicProposal): PageStore {
  let state: PageState = { proposal, choice: defaultChoice(proposal.content.items), focusResult: false };
  const listeners = new Set<() => void>();
  const set = (next: Partial<PageState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  let latest = 0;
  const reload = async () => {
    const request = ++latest;
    const next = await getPublicProposal(publicToken, true);
    if (request !== latest) return;
    // Another version starts again from its own default choice.
    const choice = next.version === state.proposal.version ? state.choice : defaultChoice(next.content.items);
    set({ proposal: next, choice });
  };
  return {
    publicToken,
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setChoice: (choice) => set({ choice }),
    reload,
    async answered() {
      try {
        await reload();
      } catch {
        // The answer is recorded; only the re-read failed (a dropped connection): load the page again, which
        // the server draws as it now is.
        window.location.reload();
        return;
      }
      set({ focusResult: true });
    },
    resultFocused: () => set({ focusResult: false }),
  };
}

const StoreContext = createContext<PageStore | null>(null);

export function PageStoreProvider({ store, children }: { store: PageStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function usePageStore(): PageStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('usePageStore outside PageStoreProvider');
  return store;
}

/** The page's state; an island re-renders when it changes. */
export function usePageState(): PageState {
  const store = usePageStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
