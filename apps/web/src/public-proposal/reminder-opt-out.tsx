import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { withProductName } from '@/lib/white-label';
import { errorMessage, stopPublicReminders } from './api';
import { Button } from './controls';

/** The token of a /p/{publicToken}/lembretes address (the reminders' opt-out link), or null. */
export function optOutTokenFromPath(pathname: string): string | null {
  const match = /^\/p\/([^/]+)\/lembretes\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

type State = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * 'Não quero receber mais lembretes' (docs/product.md#reminders): the page the reminder's link opens. Stopping
 * takes a click (mail scanners that open links must not stop anything); the proposal is not loaded, so no view
 * is counted.
 */
function ReminderOptOut({ publicToken }: { publicToken: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  useEffect(() => {
    document.title = withProductName('Lembretes');
  }, []);
  const stop = () => {
    setState({ kind: 'saving' });
    stopPublicReminders(publicToken).then(
      () => setState({ kind: 'done' }),
      (error: unknown) =>
        setState({
          kind: 'error',
          message: errorMessage(error, 'Não foi possível guardar. Tente novamente.'),
        }),
    );
  };
  const proposalLink = `/p/${encodeURIComponent(publicToken)}`;
  return (
    <main className="pp-state">
      <div className="pp-state-inner">
        <span className="pp-state-icon" aria-hidden="true">
          <IconBellOff size={34} stroke={1.6} />
        </span>
        {state.kind === 'done' ? (
          <>
            <h1>Não vai receber mais lembretes</h1>
            <p role="status">
              Deixámos de enviar lembretes automáticos sobre esta proposta. Pode continuar a consultá-la e a
              responder quando quiser.
            </p>
            <a className="pp-button" data-variant="default" data-size="sm" href={proposalLink}>
              Ver proposta
            </a>
          </>
        ) : (
          <>
            <h1>Lembretes desta proposta</h1>
            <p>
              Enviamos alguns lembretes automáticos enquanto a proposta aguarda resposta. Se não os quiser
              receber, confirme abaixo.
            </p>
            {state.kind === 'error' && (
              <p role="alert" style={{ color: '#a51d1d' }}>
                {state.message}
              </p>
            )}
            <Button onClick={stop} loading={state.kind === 'saving'}>
              Não quero receber mais lembretes
            </Button>
            <p style={{ marginTop: 20 }}>
              <a href={proposalLink}>Ver proposta</a>
            </p>
          </>
        )}
      </div>
    </main>
  );
}

/** The opt-out page's root: the public page's look, without the proposal. */
export function ReminderOptOutApp({ publicToken }: { publicToken: string; env?: 'default' | 'test' }) {
  return <ReminderOptOut publicToken={publicToken} />;
}
