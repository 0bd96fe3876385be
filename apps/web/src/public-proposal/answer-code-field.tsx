// Loaded with the dialogs (interactions, signature-modal): the one-time email code the client types before
// accepting, signing or rejecting (issue 20; docs/decisions.md, "The client's email code").
import { IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Button, TextInput } from './controls';
import { usePageId } from './page-id';

/** What the dialogs need to ask for the code; the answer panel keeps it, so it survives closing a dialog. */
export interface AnswerCodeState {
  /** Where the code went (masked), once sent. */
  maskedEmail: string | null;
  /** When another code may be asked for (ms since the epoch). */
  resendAt: number;
  sending: boolean;
  /** Why the code could not be sent (limits, network). */
  sendError: string | null;
  value: string;
  /** The server's or the form's message about the typed code. */
  error: string | null;
  onChange: (value: string) => void;
  onResend: () => void;
}

function secondsUntil(time: number): number {
  return Math.max(0, Math.ceil((time - Date.now()) / 1000));
}

/** The code's field, where it was sent, and 'Reenviar código' with its cooldown. */
export function AnswerCodeField({ state, autoFocus }: { state: AnswerCodeState; autoFocus?: boolean }) {
  const id = usePageId();
  const [wait, setWait] = useState(() => secondsUntil(state.resendAt));

  useEffect(() => {
    setWait(secondsUntil(state.resendAt));
    if (secondsUntil(state.resendAt) === 0) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(state.resendAt);
      setWait(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [state.resendAt]);

  return (
    <div className="pp-code">
      <p className="pp-lead" id={`${id}-help`} aria-live="polite">
        {state.maskedEmail ? (
          <>
            Enviámos um código de 6 dígitos para <strong>{state.maskedEmail}</strong>. Indique-o para
            confirmar que é o destinatário da proposta.
          </>
        ) : state.sending ? (
          'A enviar um código de 6 dígitos para o seu email…'
        ) : (
          'Para confirmar que é o destinatário da proposta, enviamos um código de 6 dígitos para o seu email.'
        )}
      </p>
      <div className="pp-code-row">
        <TextInput
          label="Código de confirmação"
          required
          value={state.value}
          onChange={(event) => state.onChange(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={state.error ?? undefined}
          aria-describedby={`${id}-help`}
          className="pp-code-input"
          data-autofocus={autoFocus || undefined}
        />
        <Button
          variant="subtle"
          leftSection={<IconMailForward size={18} aria-hidden="true" />}
          onClick={state.onResend}
          loading={state.sending}
          disabled={wait > 0}
        >
          {state.maskedEmail ? 'Reenviar código' : 'Enviar código'}
          {wait > 0 ? ` (${wait} s)` : ''}
        </Button>
      </div>
      {state.sendError ? (
        <p className="pp-form-error" role="alert">
          {state.sendError}
        </p>
      ) : null}
    </div>
  );
}
