import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser } from '@/test/fixtures';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { TrialBanner } from './trial-banner';

const DAY = 86_400_000;

function signInWithTrial(role: 'admin' | 'sales', trialEndsAt: string | null) {
  const user = buildUser({ role });
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

describe('the trial in the top bar (docs/product.md#plans)', () => {
  it('counts the days left, linking admins to Configurações → Plano', () => {
    signInWithTrial('admin', new Date(Date.now() + 8.5 * DAY).toISOString());
    renderWithOverlays(<TrialBanner />);
    expect(screen.getByRole('link', { name: 'Faltam 9 dias de teste' })).toHaveAttribute(
      'href',
      '/settings?tab=plano',
    );
  });

  it('shows every member the countdown, without the link they cannot follow', () => {
    signInWithTrial('sales', new Date(Date.now() + 0.5 * DAY).toISOString());
    renderWithOverlays(<TrialBanner />);
    expect(screen.getByText('Falta 1 dia de teste')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('after the end, says the organization is read-only, with the way to a plan for admins', () => {
    signInWithTrial('admin', new Date(Date.now() - DAY).toISOString());
    renderWithOverlays(<TrialBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'O período de teste terminou. A organização está só de leitura.',
    );
    expect(screen.getByRole('link', { name: 'Escolher um plano' })).toBeInTheDocument();
  });

  it('shows nothing for a chosen plan', () => {
    signInWithTrial('admin', null);
    renderWithOverlays(<TrialBanner />);
    expect(screen.queryByText(/teste/)).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
