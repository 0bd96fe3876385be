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
};

/** Intl may use a no-break or narrow no-break space; a person reads them all as a space. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const card = (name: string) => screen.getByRole('group', { name });

describe('DashboardStats', () => {
  it('shows the seven cards in pt-PT euros, counts and percent', () => {
    renderWithProviders(<DashboardStats overview={OVERVIEW} loading={false} />);
    expect(screen.getAllByRole('group')).toHaveLength(7);
    expect(text(card('Total de propostas'))).toContain('1234');
    expect(text(card('Total de propostas'))).toContain('30 enviadas');
    expect(text(card('Valor total'))).toContain('123 456,78 €');
    expect(text(card('Valor aceite'))).toContain('45 678,90 €');
    expect(text(card('Valor aceite'))).toContain('10 propostas aceites');
    expect(text(card('Taxa de conversão'))).toMatch(/33,3 ?%/);
    expect(text(card('Taxa de conversão'))).toContain('10 aceites de 30 enviadas');
    expect(text(card('Total de clientes'))).toContain('15');
    expect(text(card('Utilizadores ativos'))).toContain('4');
    expect(text(card('Valor médio'))).toContain('10 004,56 €');
  });

  it('uses the singular for one', () => {
    renderWithProviders(
      <DashboardStats overview={{ ...OVERVIEW, acceptedProposals: 1, sentProposals: 1 }} loading={false} />,
    );
    expect(text(card('Valor aceite'))).toContain('1 proposta aceite');
    expect(text(card('Total de propostas'))).toContain('1 enviada');
  });

  it('shows skeletons while loading, and no figures (only a dash) without data', () => {
    const { unmount } = renderWithProviders(<DashboardStats overview={undefined} loading />);
    expect(card('Valor total')).toHaveAttribute('aria-busy', 'true');
    unmount();
    renderWithProviders(<DashboardStats overview={undefined} loading={false} />);
    expect(within(card('Valor total')).getByText('Sem dados')).toBeInTheDocument();
    expect(card('Valor total')).not.toHaveAttribute('aria-busy');
  });
});
