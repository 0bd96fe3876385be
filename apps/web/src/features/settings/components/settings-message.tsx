import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** The outcome of the last action of a settings tab; changing tab clears it (docs/product.md#settings). */
export interface SettingsMessage {
  type: 'success' | 'error';
  text: string;
}

/** What each tab receives to report an outcome (or clear it with null). */
export type ReportMessage = (message: SettingsMessage | null) => void;

export function SettingsMessageAlert({
  message,
  onClose,
}: {
  message: SettingsMessage;
  onClose: () => void;
}) {
  const isError = message.type === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'green'}
      variant="light"
      icon={isError ? <IconAlertCircle aria-hidden="true" /> : <IconCircleCheck aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Fechar mensagem"
      onClose={onClose}
      // Announced when it appears: an error interrupts, a success waits its turn.
      role={isError ? 'alert' : 'status'}
      mb="md"
    >
      {message.text}
    </Alert>
  );
}
