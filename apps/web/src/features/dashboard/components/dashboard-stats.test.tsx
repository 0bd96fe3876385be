import type { AnalyticsOverview } from '@aceite/shared/schemas/analytics';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DashboardStats } from './dashboard-stats';

const OVERVIEW: AnalyticsOverview = {
  totalProposals: 1234,
  totalValue: 12_345_678,
  acceptedProposals: 10,
  acceptedValue: 4_567_890,
  sentProposals: 30,
  conversionRate: 33.3,
  avgProposalValue: 1_000_456,
  totalClients: 15,
  activeUsers: 4,
  cancelledProposals: 2,
  openProposals: 12,
  openValue: 2_500_000,
};

/** Intl may use a no-break or narrow no-break space; a person reads them all as a space. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const card = (name: string) => screen.getByRole('group', { name });

describe('DashboardStats', () => {
  it('shows the cards in pt-PT euros, counts and percent, each named for what it counts', () => {
    renderWithProviders(<DashboardStats overview={OVERVIEW} loading={false} />);
    expect(screen.getAllByRole('group')).toHaveLength(8);
    // As many as the proposals list shows: cancelled ones included, and said.
    expect(text(card('Total de propostas'))).toMatch(/1\s236/);
    expect(text(card('Total de propostas'))).toContain('30 enviadas · 2 canceladas');
    expect(screen.queryByRole('group', { name: 'Valor total' })).not.toBeInTheDocument();
    expect(text(card('Valor de todas as propostas'))).toContain('123 456,78 €');
    expect(text(card('Valor de todas as propostas'))).toContain('Rascunhos, em aberto, aceites e perdidas');
    expect(text(card('Valor em aberto'))).toContain('25 000,00 €');
    expect(text(card('Valor em aberto'))).toContain('12 à espera de resposta');
    expect(text(card('Valor aceite'))).toContain('45 678,90 €');
    expect(text(card('Valor aceite'))).toContain('10 propostas aceites');
    expect(text(card('Taxa de conversão'))).toMatch(/33,3 ?%/);
    expect(text(card('Taxa de conversão'))).toContain('10 aceites de 30 enviadas');
    expect(text(card('Total de clientes'))).toContain('15');
    expect(text(card('Utilizadores ativos'))).toContain('4');
    expect(text(card('Valor médio'))).toContain('10 004,56 €');
    expect(text(card('Valor médio'))).toContain('por proposta, sem as canceladas');
  });

  it('uses the singular for one', () => {
    renderWithProviders(
      <DashboardStats
        overview={{ ...OVERVIEW, acceptedProposals: 1, sentProposals: 1, cancelledProposals: 0 }}
        loading={false}
      />,
    );
    expect(text(card('Valor aceite'))).toContain('1 proposta aceite');
    expect(text(card('Total de propostas'))).toContain('1 enviada');
    expect(text(card('Total de propostas'))).not.toContain('cancelada');
  });

  it('shows skeletons while loading, and no figures (only a dash) without data', () => {
    const { unmount } = renderWithProviders(<DashboardStats overview={undefined} loading />);
    expect(card('Valor de todas as propostas')).toHaveAttribute('aria-busy', 'true');
    unmount();
    renderWithProviders(<DashboardStats overview={undefined} loading={false} />);
    expect(within(card('Valor de todas as propostas')).getByText('Sem dados')).toBeInTheDocument();
    expect(card('Valor de todas as propostas')).not.toHaveAttribute('aria-busy');
  });
});
