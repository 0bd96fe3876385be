import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

/** Raises a toast as soon as it mounts: before the lazily loaded toasts' container can have loaded. */
function ToastOnMount() {
  useEffect(() => {
    notifications.show({ message: 'Proposta guardada' });
  }, []);
  return <p>Ecrã</p>;
}

afterEach(() => {
  notifications.clean();
});

describe('AppProviders', () => {
  it('shows a toast raised before the toasts’ container has loaded, once it has', async () => {
    render(
      <AppProviders>
        <ToastOnMount />
      </AppProviders>,
    );
    expect(screen.getByText('Ecrã')).toBeInTheDocument();
    expect(await screen.findByText('Proposta guardada')).toBeInTheDocument();
  });
});
