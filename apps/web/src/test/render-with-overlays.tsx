import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { renderWithProviders } from './render';

/** `renderWithProviders` plus the confirmation modals and the toast notifications the app provides. */
export function renderWithOverlays(ui: ReactNode, options?: { route?: string }) {
  return renderWithProviders(
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
      <Notifications />
      {ui}
    </ModalsProvider>,
    options,
  );
}
