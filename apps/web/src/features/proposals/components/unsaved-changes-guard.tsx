import { Button, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { type BlockerFunction, useBlocker } from 'react-router';
import { CLOSE_BUTTON_PROPS } from './modal-labels';

interface UnsavedChangesGuardProps {
  /** Whether a navigation inside the app must be confirmed first. */
  shouldBlock: BlockerFunction;
  /** Whether closing or reloading the tab must be confirmed (the browser asks in its own words). */
  isDirty: () => boolean;
}

/** Asks before leaving a form with unsaved changes: in-app links, back/forward, reload and closing the tab. */
export function UnsavedChangesGuard({ shouldBlock, isDirty }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(shouldBlock);

  useWindowEvent('beforeunload', (event) => {
    if (!isDirty()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Sair sem guardar?"
      centered
      closeButtonProps={CLOSE_BUTTON_PROPS}
    >
      <Text size="sm">
        Tem alterações por guardar nesta proposta. Se sair agora, essas alterações perdem-se.
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Continuar a editar
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Sair sem guardar
        </Button>
      </Group>
    </Modal>
  );
}
