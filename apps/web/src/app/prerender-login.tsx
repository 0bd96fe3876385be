import { MESSAGES } from '@aceite/shared/messages';
import { Alert, Button, Input, MantineProvider, PasswordInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { paths } from '@/config/paths';
import { SSO_FLOW_MESSAGES } from '@/lib/sso-flow';
import { appTheme, cssVariablesResolver } from './providers';
import { LoginPage } from './routes/auth/login-page';

/**
 * The pieces the sign-in page's script (src/sign-in/sign-in.ts) shows on demand, rendered here by the same
 * Mantine components the app uses, so the page looks the same without shipping them: the error box, a field's
 * error line, the button's loader and the "password shown" icon. The script clones them from the <template>.
 */
function SignInTemplates() {
  return (
    <template id="sign-in-templates">
      <Alert
        data-template="form-error"
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
      >
        {MESSAGES.loginFallback}
      </Alert>
      <Alert data-template="sso-notice" color="blue" variant="light" role="status">
        {SSO_FLOW_MESSAGES.redirecting}
      </Alert>
      <Input.Error data-template="field-error" size="sm">
        {MESSAGES.emailRequired}
      </Input.Error>
      <Button data-template="loading" loading>
        Entrar
      </Button>
      <PasswordInput data-template="password-shown" defaultVisible aria-label="Password" />
    </template>
  );
}

/**
 * The sign-in page's markup for dist/login.html (scripts/prerender.mjs), which the server sends for /login: the
 * screen the app's own /login route shows, with its fields disabled until src/sign-in/main.ts (the page's only
 * script, a few kB) takes it over; the app itself loads after signing in
 * (docs/decisions.md, "Issue 27 — a lighter sign-in and landing").
 * Returns the tab title (as escaped HTML) apart, since React renders `<title>` in place outside a full document.
 */
export function renderLogin(): { markup: string; title: string } {
  const html = renderToString(
    <StrictMode>
      <MantineProvider theme={appTheme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={new QueryClient()}>
          <StaticRouter location={paths.login}>
            <LoginPage prerendered />
            <SignInTemplates />
          </StaticRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  if (!title) throw new Error('the sign-in screen rendered no <title>');
  return { markup: html.replace(/<title>[^<]*<\/title>/, ''), title };
}
