// Loaded on demand (import('./interactions')): the confirmation dialogs and the notifications only matter once
// the client starts to answer, so they stay out of the page's initial JavaScript.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { MESSAGES } from '@aceite/shared/messages';
import { Button, Modal, Textarea } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AnswerCodeField, type AnswerCodeState } from './answer-code-field';

export function NotificationsHost() {
  return <Notifications position="top-center" zIndex={1000} />;
}

// Mantine's close button has no text of its own: name it, or axe reports an unnamed button.
const closeButtonProps = { 'aria-label': 'Fechar' };

export function notifySuccess(message: string): void {
  notifications.show({
    message,
    color: 'green',
    icon: <IconCheck size={18} aria-hidden="true" />,
    closeButtonProps,
  });
}

export function notifyError(message: string): void {
  notifications.show({
    message,
    color: 'red',
    icon: <IconX size={18} aria-hidden="true" />,
    autoClose: 8000,
    closeButtonProps,
  });
}

interface DialogProps {
  opened: boolean;
  submitting: boolean;
  onClose: () => void;
  /** The emailed code's field, when the proposal asks for one. */
  code?: AnswerCodeState | null;
  /** Close without the exit animation (a refused answer: see `closeAtOnce` in response-panel.tsx). */
  closeAtOnce?: boolean;
}

/** No exit animation: the dialog leaves the page in the same update that closes it. */
export const AT_ONCE = { duration: 0 };

export function AcceptModal({
  opened,
  submitting,
  onClose,
  onConfirm,
  actionColor,
  code,
  closeAtOnce,
}: DialogProps & { onConfirm: () => void; actionColor?: string }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      transitionProps={closeAtOnce ? AT_ONCE : undefined}
      title="Aceitar proposta"
      centered
      closeButtonProps={closeButtonProps}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <p className="pp-lead">{MESSAGES.acceptConfirm}</p>
        {code ? <AnswerCodeField state={code} autoFocus /> : null}
        <div className="pp-modal-actions">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" color={actionColor} loading={submitting} data-autofocus={!code || undefined}>
            Aceitar
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function RejectModal({
  opened,
  submitting,
  onClose,
  onConfirm,
  code,
  closeAtOnce,
}: DialogProps & { onConfirm: (reason: string | null) => void }) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      transitionProps={closeAtOnce ? AT_ONCE : undefined}
      title="Rejeitar proposta"
      centered
      closeButtonProps={closeButtonProps}
      onExitTransitionEnd={() => setReason('')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The reason is optional: an empty one is sent as null (docs/product.md#forms-and-validation).
          onConfirm(reason.trim() || null);
        }}
      >
        <p className="pp-lead">
          Pode indicar o motivo da rejeição. Ajuda quem preparou a proposta a perceber o que mudar.
        </p>
        <Textarea
          label="Motivo (opcional)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          rows={4}
          resize="vertical"
          maxLength={2000}
          data-autofocus
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
    </Modal>
  );
}
