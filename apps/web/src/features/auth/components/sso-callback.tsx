import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { safeNext } from '@/lib/return-to';
import { SSO_FLOW_MESSAGES, takeSsoFlow } from '@/lib/sso-flow';
import { completeSsoSignIn } from '../api/sso-callback';

interface SsoCallbackProps {
  /** The query the identity provider sent the browser back with (`?code=…&state=…`, or `?error=…`). */
  search: string;
  /** Where to go once signed in (a full load of the app's page is not needed: the SPA is already here). */
  onSignedIn: (to: string) => void;
}

/**
 * One answer per page load: React's development double effects (and a re-render) must not hand the same
 * single-use state to the API twice, which would answer the second with "expired or already used".
 */
const pending = new Map<string, Promise<string>>();

async function finish(search: string): Promise<string> {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  // Refused before the API: an answer this tab did not start (docs/decisions.md, "Single sign-on (OpenID
  // Connect)"), which is also what a provider's error answer (`?error=access_denied`) leaves when the flow was ours.
  const flow = takeSsoFlow(state);
  if (!flow) throw new Error(SSO_FLOW_MESSAGES.notStartedHere);
  const code = query.get('code');
  if (!code || !state) throw new Error(SSO_FLOW_MESSAGES.failed);
  const iss = query.get('iss') ?? undefined;
  await completeSsoSignIn({ code, state, ...(iss ? { iss } : {}) });
  return safeNext(flow.next) ?? paths.dashboard;
}

/** /entrar/sso: finishes the single sign-on the sign-in page started, then goes where the person was going. */
export function SsoCallback({ search, onSignedIn }: SsoCallbackProps) {
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = pending.get(search);
    if (!current) {
      current = finish(search);
      pending.set(search, current);
    }
    let active = true;
    current.then(
      (to) => {
        if (active) onSignedIn(to);
      },
      (failure: unknown) => {
        if (!active) return;
        const notOurs = failure instanceof Error && failure.message === SSO_FLOW_MESSAGES.notStartedHere;
        setError(
          notOurs ? SSO_FLOW_MESSAGES.notStartedHere : errorMessage(failure, SSO_FLOW_MESSAGES.failed),
        );
      },
    );
    return () => {
      active = false;
    };
  }, [search, onSignedIn]);

  if (!error) return <LoadingState label="A concluir o início de sessão…" mih={120} />;
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        {error}
      </Alert>
      {/* The sign-in page is its own small page (login.html): a full load, not a router link. */}
      <Anchor href={paths.login} ta="center" size="sm">
        Voltar à página de entrada
      </Anchor>
    </Stack>
  );
}
