// The public page rendered on the server (docs/architecture.md, "The public page"): built by `vite build --ssr`
// into dist/.ssr-public/ and loaded once by the Fastify server (apps/server/src/lib/public-page.ts), which
// reads the proposal through the public API's own service and sends this markup, with the data it was
// rendered from, inside the page's built HTML. The browser hydrates only its islands from that data
// (islands-client.tsx); the rest stays this HTML.

import { MESSAGES } from '@aceite/shared/messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { INITIAL_PAGE_ID, type InitialPage, serializeInitialPage } from './initial-page';
import { createPageStore } from './page-store';
import { PublicProposalApp } from './public-proposal-app';
import { ISLAND_ATTRIBUTE, ISLANDS, IslandRoot, isIsland } from './regions';

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

/** An island's empty element in the page's render (`Island` in regions.tsx). */
const PLACEHOLDER = new RegExp(`<div ${ISLAND_ATTRIBUTE}="([a-z]+)"></div>`, 'g');

/**
 * Each island rendered as its own root, exactly as the browser hydrates it (islands-client.tsx), in the page's
 * empty island elements. The document's islands (the SEPA schedule, the files) are filled the same way.
 */
function fillIslands(markup: string, proposal: PublicProposal, publicToken: string): string {
  const store = createPageStore(publicToken, proposal);
  return markup.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!isIsland(name)) return placeholder;
    const Body = ISLANDS[name];
    const island = renderToString(
      <IslandRoot name={name} store={store} hydrating>
        <Body />
      </IslandRoot>,
    );
    return `<div class="pp-island" ${ISLAND_ATTRIBUTE}="${name}">${island}</div>`;
  });
}

export function renderPublicPage(page: InitialPage, publicToken: string): RenderedPage {
  const shell = renderToString(
    <StrictMode>
      <PublicProposalApp publicToken={publicToken} initial={page} mode="islands" />
    </StrictMode>,
  );
  const markup = page.kind === 'ready' ? fillIslands(shell, page.proposal, publicToken) : shell;
  return {
    markup,
    title: renderToStaticMarkup(<title>{titleOf(page)}</title>),
    data: `<script type="application/json" id="${INITIAL_PAGE_ID}">${serializeInitialPage(page)}</script>`,
  };
}
