import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { paths } from '@/config/paths';
import { appTheme, cssVariablesResolver } from './providers';
import { LoginPage } from './routes/auth/login-page';

/**
 * The sign-in screen's markup for dist/login.html (scripts/prerender.mjs), which the server sends for /login:
 * the screen paints as soon as the CSS has loaded instead of after the SPA's JavaScript. The SPA then renders
 * into the same #root and replaces it with the live screen; the prerendered fields are disabled meanwhile.
 * Returns the tab title (as escaped HTML) apart, since React renders `<title>` in place outside a full document.
 */
export function renderLogin(): { markup: string; title: string } {
  const html = renderToString(
    <StrictMode>
      <MantineProvider theme={appTheme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={new QueryClient()}>
          <StaticRouter location={paths.login}>
            <LoginPage prerendered />
          </StaticRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  if (!title) throw new Error('the sign-in screen rendered no <title>');
  return { markup: html.replace(/<title>[^<]*<\/title>/, ''), title };
}
