import type { ClientChoice } from '@aceite/shared/client-choice';
import { MESSAGES } from '@aceite/shared/messages';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { IconCheck, IconShieldCheck, IconSignature, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AnswerCodeState } from './answer-code-field';
import {
  acceptPublicProposal,
  errorMessage,
  fieldError,
  PublicApiError,
  rejectPublicProposal,
  requestAnswerCode,
  shownVersionOf,
  signPublicProposal,
} from './api';
import { Button, TextInput } from './controls';
import { formatCalendarDate } from './format';
import { useHydrated } from './hydrated';
import { type InteractionsModule, loadSignature, type SignatureModule } from './lazy';
import type { MandateErrors, MandateState, MandateValues } from './mandate-fields';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/;

/** A code sent this long ago is asked for again when a dialog opens (it is valid for 10 minutes). */
const CODE_FRESH_MS = 9 * 60_000;
const LOAD_FAILED = 'Não foi possível continuar. Verifique a ligação à internet e tente novamente.';

type Dialog = 'sign' | 'accept' | 'reject';

interface ResponsePanelProps {
  proposal: PublicProposal;
  publicToken: string;
  /** The organization colour when it passes 4.5:1 on white; otherwise the theme's brand colour is used. */
  actionColor?: string;
  /** Loads the dialogs and notifications and mounts the notifications host. */
  ensureInteractions: () => Promise<InteractionsModule>;
  /** Reloads the proposal after an answer (docs/product.md#public-page) and moves focus to its result. */
  onAnswered: () => Promise<void>;
  /** The client's choice of optional items and quantities, sent with accept and sign (client-choice.tsx). */
  choice?: ClientChoice;
}

/**
 * Who processes the client's data and why, before they decide: the server's words, stored with the decision
 * (docs/product.md#personal-data).
 */
export function PrivacyStatement({ notice }: { notice: PublicProposal['privacyNotice'] }) {
  const external = /^https?:\/\//i.test(notice.link.href);
  return (
    <p className="pp-fineprint pp-privacy" data-testid="privacy-notice">
      <span>
        {notice.before}
        <a href={notice.link.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {notice.link.label}
        </a>
        {notice.after}
      </span>
    </p>
  );
}

/**
 * The client's answer while the proposal is actionable: sign, or quickly accept or reject
 * (docs/product.md#public-page).
 */
export function ResponsePanel({
  proposal,
  publicToken,
  actionColor,
  ensureInteractions,
  onAnswered,
  choice,
}: ResponsePanelProps) {
  const ready = useHydrated();
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // Prefilled with the recipient's, the person the proposal was sent to (docs/product.md#evidence).
  const [signerName, setSignerName] = useState(proposal.recipient?.name ?? '');
  const [signerEmail, setSignerEmail] = useState(proposal.recipient?.email ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opening, setOpening] = useState<Dialog | null>(null);
  const [pending, setPending] = useState<Dialog | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [ui, setUi] = useState<InteractionsModule | null>(null);
  const [signature, setSignature] = useState<SignatureModule | null>(null);
  // The emailed one-time code (issue 20): one for whichever dialog, kept while the page stays open.
  const codeRequired = proposal.answerCode?.required ?? false;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState<{ maskedEmail: string; sentAt: number; resendAt: number } | null>(
    null,
  );
  const [sendingCode, setSendingCode] = useState(false);
  // The SEPA mandate (issue 39): asked in the accept and sign dialogs when the proposal is paid by direct debit.
  const [mandateValues, setMandateValues] = useState<MandateValues>({
    debtorName: proposal.client?.company || proposal.client?.name || '',
    iban: '',
    bic: '',
    consent: false,
  });
  const [mandateErrors, setMandateErrors] = useState<MandateErrors>({});
  const mandateState: MandateState | null = proposal.sepa
    ? {
        sepa: proposal.sepa,
        values: mandateValues,
        errors: mandateErrors,
        onChange: (values, errors) => {
          setMandateValues(values);
          setMandateErrors(errors);
        },
      }
    : null;
  const [sendError, setSendError] = useState<string | null>(null);

  async function sendCode() {
    setSendingCode(true);
    setSendError(null);
    try {
      const sent = await requestAnswerCode(publicToken);
      setCodeSent({
        maskedEmail: sent.maskedEmail,
        sentAt: Date.now(),
        resendAt: Date.parse(sent.resendAvailableAt),
      });
      setCode('');
      setCodeError(null);
    } catch (error) {
      // Answered, expired or withdrawn meanwhile (409/404): say so and show the proposal as it now is.
      if (error instanceof PublicApiError && (error.status === 409 || error.status === 404)) {
        (await ensureInteractions().catch(() => null))?.notifyError(errorMessage(error, LOAD_FAILED));
        setPending(null);
        setDialog(null);
        await onAnswered();
        return;
      }
      setSendError(errorMessage(error, MESSAGES.answerCodeSendError));
    } finally {
      setSendingCode(false);
    }
  }

  const codeState: AnswerCodeState | null = codeRequired
    ? {
        maskedEmail: codeSent?.maskedEmail ?? null,
        resendAt: codeSent?.resendAt ?? 0,
        sending: sendingCode,
        sendError,
        value: code,
        error: codeError,
        onChange: (value) => {
          setCode(value);
          setCodeError(null);
        },
        onResend: () => void sendCode(),
      }
    : null;

  /** The typed code when one is required and well formed; otherwise says what is wrong and returns false. */
  function codeReady(): string | undefined | false {
    if (!codeRequired) return undefined;
    const typed = code.replace(/\s+/g, '');
    if (!typed) {
      setCodeError(MESSAGES.answerCodeRequired);
      return false;
    }
    if (!CODE_PATTERN.test(typed)) {
      setCodeError(MESSAGES.answerCodeFormat);
      return false;
    }
    return typed;
  }

  const preload = () => {
    void ensureInteractions().catch(() => {});
  };

  // The trigger keeps its focus while the dialog's code loads (no disabled/loading state), so the dialog can
  // hand focus back to it when it closes.
  async function open(kind: Dialog) {
    if (opening) return;
    setOpening(kind);
    try {
      const [interactions, signatureModule] = await Promise.all([
        ensureInteractions(),
        kind === 'sign' ? loadSignature() : Promise.resolve(null),
      ]);
      setUi(interactions);
      if (signatureModule) setSignature(signatureModule);
      setFormError(null);
      setPending(kind);
      // The code is sent as the dialog opens, unless one sent a moment ago is still good.
      if (codeRequired && !sendingCode && (!codeSent || Date.now() - codeSent.sentAt > CODE_FRESH_MS)) {
        void sendCode();
      }
    } catch {
      setFormError(LOAD_FAILED);
    } finally {
      setOpening(null);
    }
  }

  // A dialog opens one render after it is mounted closed: Mantine notes the focused element (the trigger) when
  // `opened` turns true, and gives focus back to it on close; a dialog mounted already open would not.
  useEffect(() => {
    if (!pending || !ui || (pending === 'sign' && !signature)) return;
    setDialog(pending);
    setPending(null);
  }, [pending, ui, signature]);

  async function run(call: () => Promise<unknown>, success: string, fallback: string) {
    if (!ui) return;
    setSubmitting(true);
    try {
      await call();
      ui.notifySuccess(success);
      setDialog(null);
      await onAnswered();
    } catch (error) {
      // A refused code is shown under its field; the dialog stays open (the drawn signature too).
      const codeMessage = fieldError(error, 'code');
      if (codeMessage) {
        setCodeError(codeMessage);
        return;
      }
      ui.notifyError(errorMessage(error, fallback));
      // Answered or expired meanwhile (409), or withdrawn (404): show the proposal as it now is.
      if (error instanceof PublicApiError && (error.status === 409 || error.status === 404)) {
        setDialog(null);
        await onAnswered();
      }
    } finally {
      setSubmitting(false);
    }
  }

  function submitSignForm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = signerName.trim();
    const email = signerEmail.trim();
    if (!name || !email) {
      setFormError(MESSAGES.signNameEmailRequired);
      (name ? emailInput : nameInput).current?.focus();
      return;
    }
    if (!EMAIL_PATTERN.test(email)) {
      setFormError(MESSAGES.emailInvalid);
      emailInput.current?.focus();
      return;
    }
    setFormError(null);
    void open('sign');
  }

  const nameMissing = formError === MESSAGES.signNameEmailRequired && !signerName.trim();
  const emailWrong =
    (formError === MESSAGES.signNameEmailRequired && !signerEmail.trim()) ||
    formError === MESSAGES.emailInvalid;
  const close = () => {
    if (!submitting) setDialog(null);
  };

  return (
    <section
      id="resposta"
      className="pp-card pp-response pp-no-print"
      aria-labelledby="response-title"
      onPointerEnter={preload}
      onFocus={preload}
    >
      <h2 className="pp-h2" id="response-title">
        Responder à proposta
      </h2>
      <p className="pp-lead">
        Para aceitar com assinatura digital, indique o seu nome e email e desenhe a sua assinatura.
        {proposal.validUntil ? ` Pode responder até ${formatCalendarDate(proposal.validUntil)}.` : ''}
      </p>
      <PrivacyStatement notice={proposal.privacyNotice} />

      <form noValidate onSubmit={submitSignForm} aria-label="Assinatura digital">
        <div className="pp-fields">
          <TextInput
            ref={nameInput}
            disabled={!ready}
            label="Nome completo"
            required
            autoComplete="name"
            value={signerName}
            maxLength={200}
            error={nameMissing || undefined}
            aria-describedby={nameMissing ? 'sign-form-error' : undefined}
            onChange={(event) => setSignerName(event.currentTarget.value)}
            onFocus={() => void loadSignature().catch(() => {})}
          />
          <TextInput
            ref={emailInput}
            disabled={!ready}
            label="Email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            value={signerEmail}
            maxLength={254}
            error={emailWrong || undefined}
            aria-describedby={emailWrong ? 'sign-form-error' : undefined}
            onChange={(event) => setSignerEmail(event.currentTarget.value)}
          />
        </div>
        {formError ? (
          <p className="pp-form-error" id="sign-form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="pp-sign-row">
          <Button
            type="submit"
            size="md"
            disabled={!ready}
            color={actionColor}
            leftSection={<IconSignature size={20} aria-hidden="true" />}
          >
            Assinar proposta
          </Button>
          <p className="pp-fineprint">
            <IconShieldCheck size={16} aria-hidden="true" />
            <span>A assinatura fica registada com data, hora e endereço IP.</span>
          </p>
        </div>
      </form>

      <div className="pp-or">ou responda sem assinatura</div>
      <div className="pp-quick">
        <Button
          variant="outline"
          color="#1b5e2b"
          size="md"
          disabled={!ready}
          leftSection={<IconCheck size={18} aria-hidden="true" />}
          onClick={() => void open('accept')}
        >
          Aceitar
        </Button>
        <Button
          variant="outline"
          color="red.9"
          size="md"
          disabled={!ready}
          leftSection={<IconX size={18} aria-hidden="true" />}
          onClick={() => void open('reject')}
        >
          Rejeitar
        </Button>
      </div>

      {ui ? (
        <>
          <ui.AcceptModal
            opened={dialog === 'accept'}
            submitting={submitting}
            actionColor={actionColor}
            code={codeState}
            mandate={mandateState}
            onClose={close}
            onConfirm={(mandate) => {
              const typed = codeReady();
              if (typed === false) return;
              void run(
                async () =>
                  acceptPublicProposal(
                    publicToken,
                    { ...(await shownVersionOf(proposal)), choice, mandate },
                    typed,
                  ),
                MESSAGES.acceptSuccess,
                MESSAGES.acceptError,
              );
            }}
          />
          <ui.RejectModal
            opened={dialog === 'reject'}
            submitting={submitting}
            code={codeState}
            onClose={close}
            onConfirm={(reasonCode, reason) => {
              const typed = codeReady();
              if (typed === false) return;
              void run(
                async () =>
                  rejectPublicProposal(
                    publicToken,
                    { reasonCode, reason },
                    await shownVersionOf(proposal),
                    typed,
                  ),
                MESSAGES.rejectSuccess,
                MESSAGES.rejectError,
              );
            }}
          />
        </>
      ) : null}
      {signature ? (
        <signature.SignatureModal
          opened={dialog === 'sign'}
          submitting={submitting}
          signerName={signerName.trim()}
          signerEmail={signerEmail.trim()}
          actionColor={actionColor}
          code={codeState}
          mandate={mandateState}
          onClose={close}
          onConfirm={(signatureData, mandate) => {
            const typed = codeReady();
            if (typed === false) return;
            void run(
              async () =>
                signPublicProposal(
                  publicToken,
                  {
                    signatureData,
                    signerName: signerName.trim(),
                    signerEmail: signerEmail.trim(),
                    ...(typed ? { code: typed } : {}),
                  },
                  { ...(await shownVersionOf(proposal)), choice, mandate },
                ),
              MESSAGES.signSuccess,
              MESSAGES.signError,
            );
          }}
        />
      ) : null}
    </section>
  );
}
