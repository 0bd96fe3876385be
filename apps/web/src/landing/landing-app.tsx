// Mantine's foundation only (reset, design tokens, global classes): the landing page ships no Mantine JS,
// because React DOM alone takes ~64 KB of its 90 KB gzip budget and Mantine's provider and Box system
// another ~20 KB. The theme's CSS variables (brand colours, fonts) are rendered by MantineProvider at build
// time and injected into <head> by scripts/prerender.mjs, so the page and the SPA share one theme.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './landing.css';
import { LandingPage } from './landing-page';

/** The landing page root, shared by the prerender and the client hydration so both trees match. */
export function LandingApp() {
  return <LandingPage />;
}
