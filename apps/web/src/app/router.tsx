import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
// The DOM build of the provider: it wires React DOM's flushSync into the router (react-router 8 upgrade notes).
import { RouterProvider } from 'react-router/dom';
import { NotFoundScreen } from '@/components/error-screens/not-found-screen';
import { RouteErrorPanel, RouteErrorScreen } from '@/components/error-screens/route-error-screen';
import { LoadingState } from '@/components/loading-state';
import { routes } from '@/config/paths';
import { GuestOnly, RequireAuth, RequireOrganization, RequireRole, RootRedirect } from './guards';
import { RouterScopedProviders } from './providers';
import { LoginPage } from './routes/auth/login-page';
import { PrivateLayout } from './routes/private-layout';

/** Loads a screen's module when its route is first matched, keeping the sign-in screens' bundle small. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The organization's screens; a platform account without one (superadmin) is sent to the administration. */
const organizationRoutes: RouteObject[] = [
  {
    path: routes.dashboard,
    lazy: lazyPage(
      () => import('./routes/dashboard/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: routes.proposals,
    lazy: lazyPage(
      () => import('./routes/proposals/proposals-page'),
      (m) => m.ProposalsPage,
    ),
  },
  {
    path: routes.proposalNew,
    lazy: lazyPage(
      () => import('./routes/proposals/proposal-new-page'),
      (m) => m.ProposalNewPage,
    ),
  },
  {
    path: routes.proposal,
    lazy: lazyPage(
      () => import('./routes/proposals/proposal-page'),
      (m) => m.ProposalPage,
    ),
  },
  {
    path: routes.proposalEdit,
    lazy: lazyPage(
      () => import('./routes/proposals/proposal-edit-page'),
      (m) => m.ProposalEditPage,
    ),
  },
  {
    path: routes.clients,
    lazy: lazyPage(
      () => import('./routes/clients/clients-page'),
      (m) => m.ClientsPage,
    ),
  },
  {
    path: routes.clientNew,
    lazy: lazyPage(
      () => import('./routes/clients/client-new-page'),
      (m) => m.ClientNewPage,
    ),
  },
  {
    path: routes.client,
    lazy: lazyPage(
      () => import('./routes/clients/client-page'),
      (m) => m.ClientPage,
    ),
  },
  {
    path: routes.clientEdit,
    lazy: lazyPage(
      () => import('./routes/clients/client-edit-page'),
      (m) => m.ClientEditPage,
    ),
  },
  {
    path: routes.products,
    lazy: lazyPage(
      () => import('./routes/products/products-page'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: routes.productNew,
    lazy: lazyPage(
      () => import('./routes/products/product-new-page'),
      (m) => m.ProductNewPage,
    ),
  },
  {
    path: routes.productEdit,
    lazy: lazyPage(
      () => import('./routes/products/product-edit-page'),
      (m) => m.ProductEditPage,
    ),
  },
  {
    path: routes.templates,
    lazy: lazyPage(
      () => import('./routes/templates/templates-page'),
      (m) => m.TemplatesPage,
    ),
  },
  {
    path: routes.templateNew,
    lazy: lazyPage(
      () => import('./routes/templates/template-new-page'),
      (m) => m.TemplateNewPage,
    ),
  },
  {
    path: routes.templateEdit,
    lazy: lazyPage(
      () => import('./routes/templates/template-edit-page'),
      (m) => m.TemplateEditPage,
    ),
  },
  {
    path: routes.contentBlocks,
    lazy: lazyPage(
      () => import('./routes/content-blocks/content-blocks-page'),
      (m) => m.ContentBlocksPage,
    ),
  },
  {
    path: routes.users,
    lazy: lazyPage(
      () => import('./routes/users/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: routes.userEdit,
    lazy: lazyPage(
      () => import('./routes/users/user-edit-page'),
      (m) => m.UserEditPage,
    ),
  },
  {
    path: routes.teams,
    lazy: lazyPage(
      () => import('./routes/teams/teams-page'),
      (m) => m.TeamsPage,
    ),
  },
  {
    path: routes.teamNew,
    lazy: lazyPage(
      () => import('./routes/teams/team-new-page'),
      (m) => m.TeamNewPage,
    ),
  },
  {
    path: routes.team,
    lazy: lazyPage(
      () => import('./routes/teams/team-page'),
      (m) => m.TeamPage,
    ),
  },
  {
    path: routes.teamEdit,
    lazy: lazyPage(
      () => import('./routes/teams/team-edit-page'),
      (m) => m.TeamEditPage,
    ),
  },
  {
    path: routes.analytics,
    lazy: lazyPage(
      () => import('./routes/analytics/analytics-page'),
      (m) => m.AnalyticsPage,
    ),
  },
  {
    path: routes.payments,
    lazy: lazyPage(
      () => import('./routes/payments/payments-page'),
      (m) => m.PaymentsPage,
    ),
  },
];

const privateRoutes: RouteObject[] = [
  { element: <RequireOrganization />, children: organizationRoutes },
  {
    path: routes.settings,
    lazy: lazyPage(
      () => import('./routes/settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
  {
    element: (
      <RequireRole requiredRole="superadmin">
        <Outlet />
      </RequireRole>
    ),
    children: [
      {
        path: routes.adminUsers,
        lazy: lazyPage(
          () => import('./routes/admin/admin-users-page'),
          (m) => m.AdminUsersPage,
        ),
      },
      {
        path: routes.adminOrganizations,
        lazy: lazyPage(
          () => import('./routes/admin/admin-organizations-page'),
          (m) => m.AdminOrganizationsPage,
        ),
      },
    ],
  },
];

/**
 * The whole route tree (docs/product.md#screens-and-navigation). Exported for tests, which mount it in a
 * memory router.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RouterScopedProviders />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingState mih="100dvh" />,
    children: [
      { path: routes.home, element: <RootRedirect /> },
      {
        element: <GuestOnly />,
        children: [
          { path: routes.login, element: <LoginPage /> },
          {
            path: routes.register,
            lazy: lazyPage(
              () => import('./routes/auth/register-page'),
              (m) => m.RegisterPage,
            ),
          },
        ],
      },
      {
        path: routes.forgotPassword,
        lazy: lazyPage(
          () => import('./routes/auth/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: routes.resetPassword,
        lazy: lazyPage(
          () => import('./routes/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        // The identity provider's answer (docs/product.md#single-sign-on); public, like the sign-in.
        path: routes.ssoCallback,
        lazy: lazyPage(
          () => import('./routes/auth/sso-callback-page'),
          (m) => m.SsoCallbackPage,
        ),
      },
      {
        // The emailed invitation (docs/product.md#people-and-teams); public, so a signed-in visitor can still
        // accept it.
        path: routes.acceptInvite,
        lazy: lazyPage(
          () => import('./routes/auth/accept-invite-page'),
          (m) => m.AcceptInvitePage,
        ),
      },
      {
        // Public verification of a sealed PDF (docs/product.md#verification): no sign-in, signed in or not.
        path: routes.verify,
        lazy: lazyPage(
          () => import('./routes/verification/verify-page'),
          (m) => m.VerifyPage,
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            Component: PrivateLayout,
            // Inside the layout, so a failing screen keeps the top bar and sidebar.
            children: [{ errorElement: <RouteErrorPanel />, children: privateRoutes }],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

const router = createBrowserRouter(appRoutes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
