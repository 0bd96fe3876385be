import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser } from '@/test/fixtures';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { QuickActions } from './quick-actions';

function signInWithTrialEnd(trialEndsAt: string | null) {
  const user = buildUser({ role: 'admin' });
  localStorage.setItem('accessToken', 'access');
  localStorage.setItem(
    'user',
    JSON.stringify({ ...user, organization: { ...user.organization, trialEndsAt } }),
  );
  syncAuthFromStorage();
}

afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
});

describe('quick actions', () => {
  it('offers the creating actions to an admin', () => {
    signInWithTrialEnd(null);
    renderWithOverlays(<QuickActions />);
    expect(screen.getByText('Nova proposta')).toBeInTheDocument();
    expect(screen.getByText('Novo cliente')).toBeInTheDocument();
  });

  it('leaves them out in a read-only organization (its trial ended; docs/product.md#plans)', () => {
    signInWithTrialEnd(new Date(Date.now() - 60_000).toISOString());
    renderWithOverlays(<QuickActions />);
    expect(screen.queryByText('Nova proposta')).not.toBeInTheDocument();
    expect(screen.queryByText('Novo cliente')).not.toBeInTheDocument();
    expect(screen.getByText('Ver propostas')).toBeInTheDocument();
  });
});
