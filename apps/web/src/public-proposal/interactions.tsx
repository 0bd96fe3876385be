// Loaded on demand (import('./interactions')): the confirmation dialogs and the notifications only matter once
// the client starts to answer, so they stay out of the page's initial JavaScript.
import { MESSAGES } from '@aceite/shared/messages';
import {
  REJECTION_REASON_CODES,
  REJECTION_REASON_LABELS,
  type RejectionReasonCode,
} from '@aceite/shared/rejection-reasons';
import type { MandateInput } from '@aceite/shared/sepa/mandate';
import { useState } from 'react';
import { AnswerCodeField, type AnswerCodeState } from './answer-code-field';
import { Button, Radio, RadioGroup, Textarea } from './controls';
import { checkMandate, MandateFields, type MandateState } from './mandate-fields';
import { PageDialog } from './page-dialog';

export { NotificationsHost, notifyError, notifySuccess } from './page-notifications';

interface DialogProps {
  opened: boolean;
  submitting: boolean;
  onClose: () => void;
  /** The emailed code's field, when the proposal asks for one. */
  code?: AnswerCodeState | null;
}

export function AcceptModal({
  opened,
  submitting,
  onClose,
  onConfirm,
  actionColor,
  code,
  mandate,
}: DialogProps & {
  onConfirm: (mandate?: MandateInput) => void;
  actionColor?: string;
  /** The SEPA mandate signed with the acceptance, when the proposal is paid by direct debit. */
  mandate?: MandateState | null;
}) {
  return (
    <PageDialog opened={opened} onClose={onClose} title="Aceitar proposta" size={mandate ? 'lg' : 'md'}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!mandate) return onConfirm();
          const checked = checkMandate(mandate.values);
          if ('errors' in checked) return mandate.onChange(mandate.values, checked.errors);
          onConfirm(checked.mandate);
        }}
      >
        <p className="pp-lead">{MESSAGES.acceptConfirm}</p>
        {mandate ? <MandateFields state={mandate} /> : null}
        {code ? <AnswerCodeField state={code} autoFocus={!mandate} /> : null}
        {mandate ? (
          <p className="pp-fineprint pp-fineprint-spaced">
            O mesmo código confirma a aceitação da proposta e a autorização de débito direto.
          </p>
        ) : null}
        <div className="pp-modal-actions">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" color={actionColor} loading={submitting} data-autofocus={!code || undefined}>
            Aceitar
          </Button>
        </div>
      </form>
    </PageDialog>
  );
}

/**
 * The client's reason, chosen from the fixed list (docs/product.md#rejection-reasons); 'Outro' needs a text,
 * which is optional for the others.
 */
export function RejectModal({
  opened,
  submitting,
  onClose,
  onConfirm,
  code,
}: DialogProps & { onConfirm: (reasonCode: RejectionReasonCode, reason: string | null) => void }) {
  const [reasonCode, setReasonCode] = useState<RejectionReasonCode | null>(null);
  const [reason, setReason] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const other = reasonCode === 'other';
  return (
    <PageDialog
      opened={opened}
      onClose={onClose}
      title="Rejeitar proposta"
      onExitTransitionEnd={() => {
        setReason('');
        setReasonCode(null);
        setCodeError(null);
        setTextError(null);
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reasonCode) {
            setCodeError(MESSAGES.rejectionReasonCodeRequired);
            return;
          }
          if (reasonCode === 'other' && !reason.trim()) {
            setTextError(MESSAGES.rejectionReasonOtherText);
            return;
          }
          // An empty text is sent as null (docs/product.md#forms-and-validation).
          onConfirm(reasonCode, reason.trim() || null);
        }}
      >
        <p className="pp-lead">Diga-nos porquê. Ajuda quem preparou a proposta a perceber o que mudar.</p>
        <RadioGroup
          label="Motivo da rejeição"
          withAsterisk
          value={reasonCode}
          error={codeError}
          onChange={(value) => {
            setReasonCode(value as RejectionReasonCode);
            setCodeError(null);
          }}
        >
          {REJECTION_REASON_CODES.map((value, index) => (
            <Radio
              key={value}
              value={value}
              label={REJECTION_REASON_LABELS[value]}
              data-autofocus={index === 0 || undefined}
            />
          ))}
        </RadioGroup>
        <Textarea
          label={other ? 'Descreva o motivo' : 'Comentário (opcional)'}
          required={other}
          value={reason}
          error={textError}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setTextError(null);
          }}
          rows={3}
          resize="vertical"
          maxLength={2000}
        />
        {code ? <AnswerCodeField state={code} /> : null}
        <div className="pp-modal-actions">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" color="red.9" loading={submitting}>
            Rejeitar
          </Button>
        </div>
      </form>
    </PageDialog>
  );
}
