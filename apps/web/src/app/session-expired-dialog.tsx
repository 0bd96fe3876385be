import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { handleSessionExpiry, type ReauthOutcome } from '@/lib/api-client';
import { getAuthState } from '@/lib/auth-store';

/**
 * When the session can no longer be refreshed, the private screens ask to sign in again over the page instead
 * of leaving it: what was typed stays, and the request that met the expiry (a save) goes through afterwards.
 * 'Sair' ends the session; the sign-in screen then brings the person back to this page.
 */
export function SessionExpiredDialog() {
  const [email, setEmail] = useState<string | null>(null);
  const answer = useRef<((outcome: ReauthOutcome) => void) | null>(null);
  const previousUserId = useRef<string | null>(null);

  useEffect(
    () =>
      handleSessionExpiry(
        () =>
          new Promise<ReauthOutcome>((resolve) => {
            const user = getAuthState().user;
            previousUserId.current = user?.id ?? null;
            answer.current = resolve;
            setEmail(user?.email ?? '');
          }),
      ),
    [],
  );

  const finish = (outcome: ReauthOutcome) => {
    answer.current?.(outcome);
    answer.current = null;
    setEmail(null);
  };

  return (
    <Modal
      opened={email !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="A sessão expirou"
    >
      <Stack gap="md">
        <Text size="sm">Entre de novo para continuar. O que escreveu nesta página não se perde.</Text>
        {email !== null && (
          <LoginForm
            initialEmail={email}
            keepCache
            onSuccess={(user) => {
              if (user.id === previousUserId.current) {
                finish('same-user');
                return;
              }
              // Another account: nothing on screen belongs to it.
              finish('other-user');
              window.location.assign(paths.dashboard);
            }}
          />
        )}
        <Button variant="subtle" color="gray" onClick={() => finish('leave')}>
          Sair
        </Button>
      </Stack>
    </Modal>
  );
}
