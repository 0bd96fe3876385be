import type { ClientMessageKind } from '@aceite/shared/schemas/proposal-messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { IconEdit, IconMessageQuestion } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useHydrated } from './hydrated';
import { type InteractionsModule, loadMessageDialog, type MessageDialogModule } from './lazy';
import { usePageDates } from './page-dates';
import './client-messages.css';
import { Button } from './controls';

const LOAD_FAILED = 'Não foi possível continuar. Verifique a ligação à internet e tente novamente.';

const KIND_LABELS: Record<PublicProposal['messages'][number]['kind'], string> = {
  question: 'Pergunta',
  change_request: 'Pedido de alterações',
  answer: 'Resposta',
};

interface ClientMessagesProps {
  proposal: PublicProposal;
  publicToken: string;
  /** Whether the client may still write (the proposal can still be answered). */
  actionable: boolean;
  ensureInteractions: () => Promise<InteractionsModule>;
  /** Re-reads the proposal (the new message, and the status a change request moves). */
  reload: () => Promise<void>;
}

/**
 * The conversation with the team and the two ways to start it, 'Fazer uma pergunta' and 'Pedir alterações'
 * (docs/product.md#client-questions-and-change-requests). The dialog loads on first use. Text is rendered as
 * text, never HTML.
 */
export function ClientMessages({
  proposal,
  publicToken,
  actionable,
  ensureInteractions,
  reload,
}: ClientMessagesProps) {
  const [dialog, setDialog] = useState<MessageDialogModule | null>(null);
  const [kind, setKind] = useState<ClientMessageKind | null>(null);
  const [pending, setPending] = useState<ClientMessageKind | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const messages = proposal.messages ?? [];
  const { formatDateTime } = usePageDates();
  const ready = useHydrated();

  // The dialog opens one render after it is mounted closed, so Mantine notes the trigger and gives focus back
  // to it on close (as the answer dialogs do).
  useEffect(() => {
    if (!pending || !dialog) return;
    setKind(pending);
    setPending(null);
  }, [pending, dialog]);

  if (!actionable && messages.length === 0) return null;

  async function open(next: ClientMessageKind) {
    setLoadError(null);
    try {
      const [module] = await Promise.all([loadMessageDialog(), ensureInteractions()]);
      setDialog(module);
      setPending(next);
    } catch {
      setLoadError(LOAD_FAILED);
    }
  }

  return (
    <section className="pp-card pp-messages pp-no-print" aria-labelledby="messages-title">
      <h2 className="pp-h2" id="messages-title">
        Perguntas e alterações
      </h2>
      {messages.length > 0 ? (
        <ol className="pp-conversation" aria-label="Conversa com a equipa">
          {messages.map((m) => (
            <li
              key={`${m.createdAt}-${m.kind}-${m.authorName}`}
              className={m.kind === 'answer' ? 'pp-message pp-message-answer' : 'pp-message'}
            >
              <p className="pp-message-meta">
                <strong>{m.authorName}</strong> · {KIND_LABELS[m.kind]} ·{' '}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="pp-message-text">{m.message}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="pp-lead">
          Tem dúvidas ou quer mudar alguma coisa? Escreva a quem lhe enviou a proposta.
        </p>
      )}
      {actionable ? (
        <div className="pp-quick">
          <Button
            variant="default"
            size="md"
            disabled={!ready}
            leftSection={<IconMessageQuestion size={18} aria-hidden="true" />}
            onClick={() => void open('question')}
            onPointerEnter={() => void loadMessageDialog().catch(() => {})}
          >
            Fazer uma pergunta
          </Button>
          <Button
            variant="default"
            size="md"
            disabled={!ready}
            leftSection={<IconEdit size={18} aria-hidden="true" />}
            onClick={() => void open('change_request')}
            onPointerEnter={() => void loadMessageDialog().catch(() => {})}
          >
            Pedir alterações
          </Button>
        </div>
      ) : null}
      {loadError ? (
        <p className="pp-form-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {dialog ? (
        <dialog.MessageDialog
          kind={kind}
          publicToken={publicToken}
          recipient={proposal.recipient}
          ensureInteractions={ensureInteractions}
          onClose={() => setKind(null)}
          onSent={reload}
        />
      ) : null}
    </section>
  );
}
