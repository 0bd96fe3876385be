import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { theme } from '@/theme';
// The components' styles as text, inlined into <head> by scripts/prerender.mjs: the page has no script to load
// them with (the class names hash the same in this build and in the markup).
import landingModuleCss from './landing.module.css?inline';
import { LandingApp } from './landing-app';

/**
 * The landing page's markup, built by scripts/prerender.mjs; the browser gets it as HTML and runs no script on
 * it (landing.html links only landing-entry.css).
 */
export function render(): string {
  return renderToString(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
}

/** The landing components' CSS (landing.module.css with its hashed class names), for a <style> in <head>. */
export function renderLandingStyles(): string {
  return `<style>${landingModuleCss}</style>`;
}

/**
 * The theme's CSS variables (brand colours, fonts) exactly as MantineProvider emits them in the SPA, rendered
 * once at build time for <head>, so the landing page shares the theme without shipping Mantine's JS.
 */
export function renderThemeStyles(): string {
  return renderToString(<MantineProvider theme={theme} forceColorScheme="light" />);
}

// The SSR build has one entry: the sign-in screen's prerender (dist/login.html) rides along.
export { renderLogin } from '@/app/prerender-login';
