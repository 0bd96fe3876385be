// The browser's half of the page's islands (regions.tsx, docs/architecture.md, "The public page"): it hydrates
// each island the server marked, from the data the server embedded, and leaves the rest of the HTML alone. The
// document is drawn again only when the proposal changes (after an answer), with its code loaded then.
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { recordPublicView } from './api';
import { createPageStore, type PageStore } from './page-store';
import { startReadingTracker } from './reading-tracker';
import {
  ISLAND_ATTRIBUTE,
  ISLANDS,
  IslandRoot,
  isIsland,
  PRINT_ATTRIBUTE,
  RegionModeProvider,
} from './regions';

function withStore(name: string, store: PageStore, hydrating: boolean, node: ReactNode) {
  return (
    <StrictMode>
      <IslandRoot name={name} store={store} hydrating={hydrating}>
        {node}
      </IslandRoot>
    </StrictMode>
  );
}

export interface BootOptions {
  /**
   * What a hydration mismatch reports, under React (the component tests collect them). Preact, which runs the
   * built page, takes the server's markup as it is and reports none.
   */
  onRecoverableError?: (error: unknown) => void;
}

/** Hydrates the page's islands; returns what stops them (the component tests). */
export function bootIslands(
  publicToken: string,
  proposal: PublicProposal,
  options: BootOptions = {},
): () => void {
  const store = createPageStore(publicToken, proposal);
  const roots = new Map<Element, Root>();
  for (const element of document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE);
    if (!isIsland(name)) continue;
    const Body = ISLANDS[name];
    // The page is painted already: each island hydrates as a transition, in slices that leave a slow phone
    // responsive, not one long task.
    startTransition(() => {
      roots.set(
        element,
        hydrateRoot(element, withStore(name, store, true, <Body />), {
          ...(options.onRecoverableError ? { onRecoverableError: options.onRecoverableError } : {}),
        }),
      );
    });
  }

  // The header's one control: a plain listener, no island.
  for (const button of document.querySelectorAll(`[${PRINT_ATTRIBUTE}]`)) {
    button.addEventListener('click', () => window.print());
  }

  // One view per page load (the server's render counts none: a link preview is not a reader).
  recordPublicView(publicToken).catch(() => {
    // Counting is best effort: the client reads the page the same without it.
  });
  const tracker = startReadingTracker({ publicToken });

  let shown = store.get().proposal;
  let documentRoot: Root | null = null;
  const redrawDocument = async () => {
    const element = document.querySelector(`[${ISLAND_ATTRIBUTE}="document"]`);
    if (!element) return;
    const { DocumentRegion } = await import('./document-region');
    // The islands inside the document (the SEPA schedule, the files) become part of its one tree.
    for (const [island, root] of roots) {
      if (element.contains(island)) {
        root.unmount();
        roots.delete(island);
      }
    }
    if (!documentRoot) {
      element.replaceChildren();
      documentRoot = createRoot(element);
    }
    documentRoot.render(
      withStore(
        'document',
        store,
        false,
        <RegionModeProvider mode="inline">
          <DocumentRegion />
        </RegionModeProvider>,
      ),
    );
    // The reading sections are new elements: observe them.
    requestAnimationFrame(() => tracker.rescan());
  };
  const unsubscribe = store.subscribe(() => {
    const { proposal: current } = store.get();
    if (current === shown) return;
    shown = current;
    void redrawDocument();
  });
  return () => {
    unsubscribe();
    tracker.stop();
    for (const root of roots.values()) root.unmount();
    documentRoot?.unmount();
  };
}
