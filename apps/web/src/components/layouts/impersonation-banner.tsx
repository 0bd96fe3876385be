import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserShare } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { stopImpersonation, useAuthStore } from '@/lib/auth-store';
import classes from './impersonation-banner.module.css';

const STOP_ERROR = 'Erro ao parar impersonation';

/** The bar's height; the layout adds it to the top bar's so nothing hides under it. */
export const IMPERSONATION_BANNER_HEIGHT = { base: 68, sm: 40 } as const;

/**
 * The fixed yellow bar shown while a superadmin acts as another user
 * (docs/product.md#platform-administration): who is really signed in, and the way back, which restores the
 * superadmin and reloads on /admin/users (docs/product.md#platform-administration).
 */
export function ImpersonationBanner() {
  const originalUser = useAuthStore((state) => state.originalUser);
  const stop = useMutation({
    mutationFn: stopImpersonation,
    // A full reload: nothing of the target's screens or cache survives into the superadmin's session.
    onSuccess: () => window.location.assign(paths.adminUsers),
    onError: (error) => {
      // An expired impersonation token: the API client is already restoring the superadmin and reloading.
      if (error instanceof ApiError && error.status === 401) return;
      notifications.show({
        color: 'red',
        title: STOP_ERROR,
        message: error instanceof ApiError && error.fromServer ? error.message : 'Tente novamente.',
        closeButtonProps: { 'aria-label': 'Fechar notificação' },
      });
    },
  });
  if (!originalUser) return null;
  // After success the page is being replaced: the button stays busy.
  const busy = stop.isPending || stop.isSuccess;

  return (
    <div className={classes.banner}>
      <p className={classes.title}>
        <IconUserShare size={18} aria-hidden="true" className={classes.icon} />
        Modo Impersonation Ativo
      </p>
      <p className={classes.who} title={originalUser.email}>
        <span className={classes.prefix}>Superadmin: </span>
        {originalUser.email}
      </p>
      <Button
        className={classes.action}
        size="compact-sm"
        // Smaller on a phone, leaving room for the email beside it.
        px={{ base: 8, sm: 'xs' }}
        fz={{ base: 'xs', sm: 'sm' }}
        color="dark"
        loading={busy}
        onClick={() => stop.mutate()}
      >
        Parar Impersonation
      </Button>
    </div>
  );
}
