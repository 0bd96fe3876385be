// Loaded on demand (loadMessageDialog): the question / change request dialog only matters once the client asks.
import { MAX_CLIENT_MESSAGE_LENGTH } from '@aceite/shared/limits';
import { MESSAGES } from '@aceite/shared/messages';
import type { ClientMessageKind } from '@aceite/shared/schemas/proposal-messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage, fieldError, PublicApiError, postClientMessage } from './api';
import { Button, Textarea, TextInput } from './controls';
import type { InteractionsModule } from './lazy';
import { PageDialog } from './page-dialog';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SEND_FAILED = 'Não foi possível enviar a mensagem. Tente novamente.';

const TEXTS: Record<ClientMessageKind, { title: string; lead: string; label: string; success: string }> = {
  question: {
    title: 'Fazer uma pergunta',
    lead: 'A sua pergunta segue para quem preparou a proposta; a resposta aparece nesta página e no seu email.',
    label: 'Pergunta',
    success: 'Pergunta enviada. Vai receber a resposta por email.',
  },
  change_request: {
    title: 'Pedir alterações',
    lead: 'Diga o que gostaria de mudar. Quem preparou a proposta recebe o pedido e responde-lhe.',
    label: 'Alterações pretendidas',
    success: 'Pedido de alterações enviado. Vai receber a resposta por email.',
  },
};

interface MessageDialogProps {
  /** The open dialog's kind; null when closed. */
  kind: ClientMessageKind | null;
  publicToken: string;
  recipient: PublicProposal['recipient'];
  ensureInteractions: () => Promise<InteractionsModule>;
  onClose: () => void;
  /** After a message is sent (re-reads the proposal). */
  onSent: () => Promise<void>;
}

/** Name, email (prefilled with the recipient's) and the message, up to 5000 characters. */
export function MessageDialog({
  kind,
  publicToken,
  recipient,
  ensureInteractions,
  onClose,
  onSent,
}: MessageDialogProps) {
  const [name, setName] = useState(recipient?.name ?? '');
  const [email, setEmail] = useState(recipient?.email ?? '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string; message?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [shown, setShown] = useState<ClientMessageKind>('question');
  useEffect(() => {
    if (kind) setShown(kind);
  }, [kind]);
  const texts = TEXTS[kind ?? shown];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!kind || submitting) return;
    const next: typeof errors = {};
    if (!name.trim()) next.name = MESSAGES.clientMessageNameRequired;
    if (!email.trim()) next.email = MESSAGES.emailRequired;
    else if (!EMAIL_PATTERN.test(email.trim())) next.email = MESSAGES.emailInvalid;
    if (!message.trim()) next.message = MESSAGES.clientMessageRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    const ui = await ensureInteractions().catch(() => null);
    try {
      await postClientMessage(publicToken, {
        kind,
        name: name.trim(),
        email: email.trim(),
        message: message.trim(),
      });
      ui?.notifySuccess(texts.success);
      setMessage('');
      onClose();
      await onSent();
    } catch (error) {
      const fields = {
        name: fieldError(error, 'name') ?? undefined,
        email: fieldError(error, 'email') ?? undefined,
        message: fieldError(error, 'message') ?? undefined,
      };
      if (fields.name || fields.email || fields.message) {
        setErrors(fields);
        return;
      }
      ui?.notifyError(errorMessage(error, SEND_FAILED));
      // Answered, expired or withdrawn meanwhile: show the proposal as it now is.
      if (error instanceof PublicApiError && (error.status === 409 || error.status === 404)) {
        onClose();
        await onSent();
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PageDialog
      opened={kind !== null}
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={texts.title}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <p className="pp-lead">{texts.lead}</p>
        <div className="pp-fields">
          <TextInput
            label="Nome"
            required
            autoComplete="name"
            maxLength={200}
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
        <Textarea
          label={texts.label}
          required
          rows={5}
          resize="vertical"
          maxLength={MAX_CLIENT_MESSAGE_LENGTH}
          value={message}
          error={errors.message}
          description={`${message.length}/${MAX_CLIENT_MESSAGE_LENGTH} caracteres`}
          onChange={(event) => setMessage(event.currentTarget.value)}
          data-autofocus
        />
        <div className="pp-modal-actions">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Enviar
          </Button>
        </div>
      </form>
    </PageDialog>
  );
}
