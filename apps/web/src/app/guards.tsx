import type { Role } from '@aceite/shared/permissions';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { loginPathFor, safeNext } from '@/lib/return-to';

/**
 * Private routes: visitors without a stored session go to /login (docs/product.md#screens-and-navigation),
 * which brings them back here once they have signed in (a link from a notification or an email).
 */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { pathname, search, hash } = useLocation();
  if (!isAuthenticated) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  return <Outlet />;
}

/** /login and /register: a signed-in visitor goes to the page they came for (`?next=`), else the dashboard. */
export function GuestOnly() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [params] = useSearchParams();
  if (isAuthenticated) return <Navigate to={safeNext(params.get('next')) ?? paths.dashboard} replace />;
  return <Outlet />;
}

interface RequireRoleProps {
  requiredRole: Role;
  children: ReactNode;
}

/**
 * A screen for one role only; everyone else goes to the dashboard (docs/product.md#platform-administration:
 * /admin/users).
 */
export function RequireRole({ requiredRole, children }: RequireRoleProps) {
  const user = useAuthStore((state) => state.user);
  // Signed in but the user is still being loaded (e.g. storage held only the tokens).
  if (!user) return <LoadingState />;
  if (user.role !== requiredRole) return <Navigate to={paths.dashboard} replace />;
  return children;
}

/**
 * The organization's screens (dashboard, proposals, clients, catalogue, people, analytics). A platform account
 * without an organization (a superadmin) has none of these: it is sent to the administration instead.
 */
export function RequireOrganization() {
  const user = useAuthStore((state) => state.user);
  if (!user) return <LoadingState />;
  if (!user.organization) return <Navigate to={paths.adminUsers} replace />;
  return <Outlet />;
}

/**
 * `/` is the server's prerendered landing page; if the router ever reaches it (a client-side link), send the
 * visitor to where they can work.
 */
export function RootRedirect() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return <Navigate to={isAuthenticated ? paths.dashboard : paths.login} replace />;
}
