import {
  type CSSVariablesResolver,
  createTheme,
  MantineProvider,
  mergeThemeOverrides,
  PasswordInput,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { GlobalErrorBoundary } from '@/components/error-screens/global-error-boundary';
import { queryClient } from '@/lib/query-client';
import { theme } from '@/theme';

// WCAG AA (4.5:1) in the light scheme: Mantine's dimmed text (gray.6, 3.3:1 on white), error red (red.6,
// 3.5:1) and the text of several `light` variants (badges, alerts: green 3.8:1, orange 3.6:1, yellow 2.7:1 on
// their own tint) are too pale; these darker values pass.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-green-light-color': '#257735',
    '--mantine-color-red-light-color': '#c12828',
    '--mantine-color-orange-light-color': '#b63c0d',
    '--mantine-color-yellow-light-color': '#a15300',
    '--mantine-color-teal-light-color': '#077554',
    '--mantine-color-cyan-light-color': '#0b7082',
    '--mantine-color-lime-light-color': '#4a760a',
  },
  dark: {},
});

/** The shared theme plus pt-PT texts for the few labels Mantine writes in English. */
export const appTheme = mergeThemeOverrides(
  theme,
  createTheme({
    components: {
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar password' } },
      }),
    },
  }),
);

// The toasts' container (9 kB gzip with its transitions) loads beside the first screen instead of in the SPA
// entry every route counts: nothing is shown until an action completes, and a toast raised earlier
// (`notifications.show` only updates a store) appears once it has loaded. Imported from a module of our own:
// a dynamic import of the package itself would keep all of it in the entry (docs/decisions.md, "Issue 27 —
// bundle budgets (findings)"). Should it fail to load (offline), the app goes on without toasts rather than
// falling into the error screen.
const NotificationsContainer = lazy<ComponentType>(() =>
  import('./notifications-container').then(
    (m) => ({ default: m.NotificationsContainer }),
    () => ({ default: () => null }),
  ),
);

/** App-wide providers that do not need the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={appTheme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <GlobalErrorBoundary>
        <Suspense fallback={null}>
          <NotificationsContainer />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </GlobalErrorBoundary>
    </MantineProvider>
  );
}

/**
 * The root route's element: providers whose content may use router hooks (modal bodies with links), and
 * scroll restoration between screens.
 */
export function RouterScopedProviders() {
  return (
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
      <ScrollRestoration />
      <Outlet />
    </ModalsProvider>
  );
}
