// First: configures Zod before any schema is built (strict CSP, no eval).
import '@/lib/zod-config';
// Mantine's foundation and only the component styles this page uses; the dialogs bring their own CSS with
// their lazily loaded chunks (interactions.tsx, signature-modal.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import './public-proposal.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { tokenFromPath } from './api';
import { readInitialPage } from './initial-page';
import { PublicProposalApp } from './public-proposal-app';

const container = document.getElementById('root');
if (!container) throw new Error('The public proposal page has no #root element');

// /p/{token}/lembretes is the reminders' opt-out (docs/product.md#reminders), served by the same page; its code
// loads only there, so the proposal's own page carries none of it.
const optOut = /^\/p\/[^/]+\/lembretes\/?$/.test(window.location.pathname);
if (optOut) {
  void import('./reminder-opt-out').then(({ optOutTokenFromPath, ReminderOptOutApp }) => {
    const token = optOutTokenFromPath(window.location.pathname);
    createRoot(container).render(
      <StrictMode>
        {token ? <ReminderOptOutApp publicToken={token} /> : <PublicProposalApp publicToken={null} />}
      </StrictMode>,
    );
  });
} else if (readInitialPage()) {
  // Rendered by the server (server-render.tsx): the same tree hydrates from the data embedded beside it. The
  // page is already painted, so hydration runs as a transition: in slices that yield to the browser, not one
  // long task on a slow phone (docs/architecture.md, "The public page").
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PublicProposalApp
          publicToken={tokenFromPath(window.location.pathname)}
          initial={readInitialPage()}
        />
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <PublicProposalApp publicToken={tokenFromPath(window.location.pathname)} />
    </StrictMode>,
  );
}
