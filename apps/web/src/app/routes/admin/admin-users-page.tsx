import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import type { AdminUsersParams } from '@/features/admin/api/keys';
import {
  type AdminUsersFilterChange,
  AdminUsersList,
  isAdminUserStatus,
  isRole,
} from '@/features/admin/components/admin-users-list';
import { useAuthStore } from '@/lib/auth-store';
import { pageFromParam } from '@/lib/use-list-search';
import { AdminSections } from './admin-sections';

function setOrDelete(params: URLSearchParams, key: string, value: string | null | undefined): void {
  if (value) params.set(key, value);
  else params.delete(key);
}

/** /admin/users (superadmin only, guarded in the router): every user of the platform, and impersonation. */
export function AdminUsersPage() {
  const currentUserId = useAuthStore((state) => state.user?.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const role = searchParams.get('role');
  const status = searchParams.get('status');
  const params: AdminUsersParams = {
    search: searchParams.get('search') ?? '',
    role: isRole(role) ? role : null,
    status: isAdminUserStatus(status) ? status : null,
    page: pageFromParam(searchParams.get('page')),
  };

  const update = (change: AdminUsersFilterChange & { page?: number }, replace: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.search !== undefined) setOrDelete(next, 'search', change.search);
        if (change.role !== undefined) setOrDelete(next, 'role', change.role);
        if (change.status !== undefined) setOrDelete(next, 'status', change.status);
        if (change.page !== undefined)
          setOrDelete(next, 'page', change.page > 1 ? String(change.page) : null);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  return (
    <>
      <DocumentTitle title="Utilizadores da plataforma" />
      <PageHeader
        title="Utilizadores da plataforma"
        description="As contas de todas as organizações. Impersone um utilizador para ver a aplicação como ele a vê."
      />
      <AdminSections />
      <AdminUsersList
        params={params}
        currentUserId={currentUserId}
        // A filter goes back to page 1; typing replaces the URL (no history entry per letter), the selects and
        // the page buttons add one.
        onFiltersChange={(change) => update({ ...change, page: 1 }, change.search !== undefined)}
        onPageChange={(page) => update({ page }, false)}
      />
    </>
  );
}
