import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { theme } from '@/theme';
import { LandingApp } from './landing-app';

/** The landing page's markup, built by scripts/prerender.mjs; src/landing/main.tsx hydrates the same tree. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
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
