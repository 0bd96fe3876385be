import { LandingPage } from './landing-page';

/**
 * The landing page root, rendered to HTML at build time (prerender-entry.tsx). The browser never runs it: the
 * page is that HTML and its CSS, with no script (docs/decisions.md, "Issue 27 — a lighter sign-in and landing").
 */
export function LandingApp() {
  return <LandingPage />;
}
