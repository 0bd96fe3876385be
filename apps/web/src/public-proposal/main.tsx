// The client's page (docs/architecture.md, "The public page"): server HTML plus small islands. Its own CSS, no UI
// kit, no router; the code that draws the whole page loads only when there is no server render.
import './public-proposal.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { tokenFromPath } from './api';
import { readInitialPage } from './initial-page';
import { bootIslands } from './islands-client';

const container = document.getElementById('root');
if (!container) throw new Error('The public proposal page has no #root element');

const publicToken = tokenFromPath(window.location.pathname);
const initial = readInitialPage();

// /p/{token}/lembretes is the reminders' opt-out (docs/product.md#reminders), served by the same page; its code
// loads only there, so the proposal's own page carries none of it.
const optOut = /^\/p\/[^/]+\/lembretes\/?$/.test(window.location.pathname);
if (optOut) {
  void Promise.all([import('./reminder-opt-out'), import('./public-proposal-app')]).then(
    ([{ optOutTokenFromPath, ReminderOptOutApp }, { PublicProposalApp }]) => {
      const token = optOutTokenFromPath(window.location.pathname);
      createRoot(container).render(
        <StrictMode>
          {token ? <ReminderOptOutApp publicToken={token} /> : <PublicProposalApp publicToken={null} />}
        </StrictMode>,
      );
    },
  );
} else if (initial?.kind === 'ready' && publicToken) {
  // The server rendered the proposal: hydrate its islands, leave the rest as HTML.
  bootIslands(publicToken, initial.proposal);
} else {
  // No proposal rendered (a dead link, awaiting approval, or the static shell): the page as one tree. A link the
  // server could not show is read once more when a member's session is stored (use-public-proposal.ts).
  void import('./public-proposal-app').then(({ PublicProposalApp }) => {
    const page = (
      <StrictMode>
        <PublicProposalApp publicToken={publicToken} initial={initial} />
      </StrictMode>
    );
    if (initial) hydrateRoot(container, page);
    else createRoot(container).render(page);
  });
}
