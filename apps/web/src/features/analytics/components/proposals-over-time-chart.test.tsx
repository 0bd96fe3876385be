import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ProposalsOverTimeChart } from './proposals-over-time-chart';

const POINTS = [
  { period: '2025-12', count: 2, value: 150_000, acceptedCount: 1, acceptedValue: 50_000 },
  { period: '2026-02', count: 4, value: 1_234_567, acceptedCount: 3, acceptedValue: 1_000_000 },
];

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent?.replace(/\s/g, ' '));

describe('ProposalsOverTimeChart', () => {
  it('gives every month, empty ones as zeros, in pt-PT euros, and mounts the plot hidden from assistive technology', async () => {
    const { container } = renderWithProviders(<ProposalsOverTimeChart points={POINTS} loading={false} />);
    const table = screen.getByRole('table', { name: 'Propostas e valor por mês' });
    expect(rowTexts(table).slice(1)).toEqual([
      'dezembro de 202521 500,00 €1500,00 €',
      'janeiro de 202600,00 €00,00 €',
      'fevereiro de 2026412 345,67 €310 000,00 €',
    ]);
    // The plot is its own chunk (recharts), rendered once it has loaded.
    await waitFor(() => expect(container.querySelector('.recharts-responsive-container')).not.toBeNull());
    expect(
      container.querySelector('.recharts-responsive-container')?.closest('[aria-hidden="true"]'),
    ).not.toBeNull();
  });

  it("says 'Nenhum dado disponível' without points", () => {
    renderWithProviders(<ProposalsOverTimeChart points={[]} loading={false} />);
    expect(screen.getByText('Nenhum dado disponível')).toBeInTheDocument();
  });

  it('shows neither the figures nor the empty message while loading', () => {
    renderWithProviders(<ProposalsOverTimeChart points={undefined} loading />);
    expect(screen.queryByText('Nenhum dado disponível')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
