import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingApp } from './landing-app';

const container = document.getElementById('root');
if (!container) throw new Error('The landing page has no #root element');

const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);

// The built page is prerendered (scripts/prerender.mjs), so it is hydrated; `vite` dev serves it empty.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
