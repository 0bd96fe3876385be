import type { AdminUser } from '@aceite/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiClient, type Envelope } from '@/lib/api-client';
import { beginImpersonation, type Impersonation } from '@/lib/auth-store';

/**
 * docs/product.md#roles-and-permissions, #platform-administration: never another superadmin, an inactive user
 * or oneself. The server refuses those too (400); the screen simply does not offer them.
 */
export function canImpersonate(
  target: Pick<AdminUser, 'id' | 'role' | 'isActive'>,
  selfId: string | undefined,
) {
  return target.isActive && target.role !== 'superadmin' && target.id !== selfId;
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
