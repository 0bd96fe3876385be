import { MESSAGES } from '@aceite/shared/messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getPublicProposal, PublicApiError, recordPublicView, storedAccessToken } from './api';
import type { InitialPage } from './initial-page';

export type ProposalState =
  | { kind: 'loading' }
  | { kind: 'ready'; proposal: PublicProposal }
  | { kind: 'error'; error: unknown };

/** The state the server rendered, as the page's own state (the 404s as the API would have answered them). */
function stateOf(initial: InitialPage): ProposalState {
  if (initial.kind === 'ready') return initial;
  const message = initial.kind === 'unavailable' ? MESSAGES.proposalUnavailable : MESSAGES.proposalNotFound;
  return { kind: 'error', error: new PublicApiError(404, 'NOT_FOUND', message) };
}

/**
 * Loads the proposal behind the link. This page deliberately ships without TanStack Query (its JS budget is
 * 130 KB gzip, ~65 KB of it React DOM), so this small hook does the one read the page needs. `reload()`
 * keeps the current proposal on screen while it fetches again, so an action never flashes a spinner.
 *
 * `initial`: what the server rendered (docs/architecture.md, "The public page"); the page starts from it
 * without reading again and only counts the visit. A link the server could not show is read once more when a
 * member's session is stored: a link awaiting approval is visible to its own organization only.
 */
export function usePublicProposal(publicToken: string | null, initial?: InitialPage | null) {
  const [state, setState] = useState<ProposalState>(() => (initial ? stateOf(initial) : { kind: 'loading' }));
  const latest = useRef(0);
  // One view per page load: StrictMode runs effects twice in development, keeping refs.
  const counted = useRef(false);

  const load = useCallback(
    async (refresh = false) => {
      const request = ++latest.current;
      if (!publicToken) {
        setState({ kind: 'error', error: null });
        return;
      }
      try {
        const proposal = await getPublicProposal(publicToken, refresh);
        if (request === latest.current) setState({ kind: 'ready', proposal });
      } catch (error) {
        if (request === latest.current) setState({ kind: 'error', error });
      }
    },
    [publicToken],
  );

  const initialKind = initial?.kind;
  useEffect(() => {
    if (!initialKind) {
      void load();
      return;
    }
    if (!publicToken || counted.current) return;
    if (initialKind === 'not-found') {
      if (storedAccessToken()) {
        counted.current = true;
        void load();
      }
      return;
    }
    if (initialKind !== 'ready') return;
    counted.current = true;
    recordPublicView(publicToken).then(
      ({ viewCount, status }) =>
        // Not urgent: drawn in slices that leave the page responsive.
        startTransition(() =>
          setState((current) =>
            current.kind === 'ready'
              ? { kind: 'ready', proposal: { ...current.proposal, viewCount, status } }
              : current,
          ),
        ),
      () => {
        // Counting is best effort: the client reads the page the same without it.
      },
    );
  }, [initialKind, load, publicToken]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    void load();
  }, [load]);

  // After an answer the page re-reads the proposal without counting another view.
  const reload = useCallback(() => load(true), [load]);

  return { state, reload, retry };
}
