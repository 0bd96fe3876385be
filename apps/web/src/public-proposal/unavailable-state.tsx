import { MESSAGES } from '@aceite/shared/messages';
import { IconBan } from '@tabler/icons-react';
import { PublicApiError } from './api';

/** The server's 404 for a cancelled proposal carries these words (docs/product.md#cancelling-a-proposal). */
export function isUnavailable(error: unknown): boolean {
  return (
    error instanceof PublicApiError &&
    error.status === 404 &&
    error.serverMessage === MESSAGES.proposalUnavailable
  );
}

/** A proposal the team cancelled: say so, not 'not found'. */
export function UnavailableState() {
  return (
    <main className="pp-state">
      <div className="pp-state-inner">
        <span className="pp-state-icon" aria-hidden="true">
          <IconBan size={34} stroke={1.6} />
        </span>
        <h1>{MESSAGES.proposalUnavailable}</h1>
        <p>Quem lhe enviou a proposta cancelou-a. Se tiver dúvidas, contacte essa pessoa diretamente.</p>
      </div>
    </main>
  );
}
