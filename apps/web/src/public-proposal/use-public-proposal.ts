import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getPublicProposal } from './api';

export type ProposalState =
  | { kind: 'loading' }
  | { kind: 'ready'; proposal: PublicProposal }
  | { kind: 'error'; error: unknown };

/**
 * Loads the proposal behind the link. This page deliberately ships without TanStack Query (its JS budget is
 * 130 KB gzip, ~65 KB of it React DOM), so this small hook does the one read the page needs. `reload()`
 * keeps the current proposal on screen while it fetches again, so an action never flashes a spinner.
 */
export function usePublicProposal(publicToken: string | null) {
  const [state, setState] = useState<ProposalState>({ kind: 'loading' });
  const latest = useRef(0);

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

  useEffect(() => {
    void load();
  }, [load]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    void load();
  }, [load]);

  // After an answer the page re-reads the proposal without counting another view.
  const reload = useCallback(() => load(true), [load]);

  return { state, reload, retry };
}
