import { MESSAGES } from '@aceite/shared/messages';
import { IconFileOff, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { Button, Spinner } from './controls';

export function LoadingState() {
  return (
    <main className="pp-loading" aria-busy="true">
      <Spinner />
      <p role="status">A carregar proposta…</p>
    </main>
  );
}

/** Unknown, malformed or withdrawn link (docs/product.md#errors-on-screens: 'Proposta não encontrada'). */
export function NotFoundState() {
  return (
    <main className="pp-state">
      <div className="pp-state-inner">
        <span className="pp-state-icon" aria-hidden="true">
          <IconFileOff size={34} stroke={1.6} />
        </span>
        <h1>{MESSAGES.proposalNotFound}</h1>
        <p>
          O link pode estar incompleto ou a proposta pode ter sido retirada. Confirme o endereço no email que
          recebeu ou contacte quem lhe enviou a proposta.
        </p>
      </div>
    </main>
  );
}

/** Any other load failure (offline, rate limit, server error): say so and offer a retry. */
export function LoadErrorState({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <main className="pp-state">
      <div className="pp-state-inner">
        <span className="pp-state-icon" aria-hidden="true">
          <IconWifiOff size={34} stroke={1.6} />
        </span>
        <h1>Não foi possível carregar a proposta</h1>
        <p>{message ?? 'Verifique a ligação à internet e tente novamente.'}</p>
        <Button onClick={onRetry} leftSection={<IconRefresh size={18} aria-hidden="true" />}>
          Tentar novamente
        </Button>
      </div>
    </main>
  );
}
