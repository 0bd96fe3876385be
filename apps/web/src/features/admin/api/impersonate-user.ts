import { canImpersonate as canImpersonateAs } from '@aceite/shared/permissions';
import type { AdminUser } from '@aceite/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiClient, type Envelope } from '@/lib/api-client';
import { beginImpersonation, type Impersonation } from '@/lib/auth-store';

/**
 * The shared policy (never another superadmin, an inactive user or oneself), for the platform admin's own list
 * (docs/product.md#platform-administration). The server refuses those too (400); the screen does not offer them.
 */
export function canImpersonate(
  target: Pick<AdminUser, 'id' | 'role' | 'isActive'>,
  selfId: string | undefined,
) {
  return selfId !== undefined && canImpersonateAs({ userId: selfId, role: 'superadmin' }, target);
}

/** A 30-minute session as the target user, without a refresh token. */
export async function impersonateUser(id: string): Promise<Impersonation> {
  const { data } = await apiClient.post<Envelope<Impersonation>>(
    `/admin/impersonate/${encodeURIComponent(id)}`,
  );
  return data;
}

/**
 * Starts the impersonation, stores its session and reloads the app on the target's dashboard
 * (docs/product.md#platform-administration).
 */
export function useImpersonateUser() {
  return useMutation({
    mutationFn: impersonateUser,
    onSuccess: (impersonation) => {
      beginImpersonation(impersonation);
      // A full reload: no screen, cache or poll of the superadmin's session survives into the target's.
      window.location.assign(paths.dashboard);
    },
  });
}
