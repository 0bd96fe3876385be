// The public page rendered on the server (docs/architecture.md, "The public page"): built by `vite build --ssr`
// into dist/.ssr-public/ and loaded once by the Fastify server (apps/server/src/lib/public-page.ts), which
// reads the proposal through the public API's own service and sends this markup, with the data it was
// rendered from, inside the page's built HTML. main.tsx hydrates the same tree from that data.

import { MESSAGES } from '@aceite/shared/messages';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { INITIAL_PAGE_ID, type InitialPage, serializeInitialPage } from './initial-page';
import { PublicProposalApp } from './public-proposal-app';

export type { InitialPage };

export interface RenderedPage {
  /** The markup for the page's #root. */
  markup: string;
  /** The whole <title> element, its text escaped. */
  title: string;
  /** The `<script type="application/json">` element main.tsx hydrates from. */
  data: string;
}

function titleOf(page: InitialPage): string {
  if (page.kind === 'ready') return `${page.proposal.title} · ${page.proposal.organization.name}`;
  return `${page.kind === 'unavailable' ? MESSAGES.proposalUnavailable : MESSAGES.proposalNotFound} · Aceite`;
}

export function renderPublicPage(page: InitialPage, publicToken: string): RenderedPage {
  const markup = renderToString(
    <StrictMode>
      <PublicProposalApp publicToken={publicToken} initial={page} />
    </StrictMode>,
  );
  return {
    markup,
    title: renderToStaticMarkup(<title>{titleOf(page)}</title>),
    data: `<script type="application/json" id="${INITIAL_PAGE_ID}">${serializeInitialPage(page)}</script>`,
  };
}
