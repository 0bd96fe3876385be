import type { ProposalReading } from '@aceite/shared/schemas/reading';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { formatReadingTime, ReadingPanel } from './reading-panel';

const ID = '3f2b8c1e-6a4d-4e2f-9b7c-1d2e3f4a5b6c';

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(buildUser()));
  syncAuthFromStorage();
});

function render(reading: ProposalReading) {
  mockApi({ [`GET /proposals/${ID}/reading`]: () => jsonResponse(200, { data: reading }) });
  renderWithProviders(<ReadingPanel proposalId={ID} />);
}

describe('ReadingPanel (docs/product.md#reading)', () => {
  it('shows the visits, the total reading time, the sections read longest and the PDF download', async () => {
    render({
      visits: [
        {
          startedAt: '2026-06-02T09:00:00.000Z',
          lastSeenAt: '2026-06-02T09:03:00.000Z',
          visibleMs: 125_000,
          device: 'mobile',
        },
        {
          startedAt: '2026-06-01T15:00:00.000Z',
          lastSeenAt: '2026-06-01T15:00:40.000Z',
          visibleMs: 40_000,
          device: 'desktop',
        },
      ],
      visitCount: 2,
      totalMs: 165_000,
      aggregatedVisits: 0,
      sections: [
        { id: 'items', label: 'Itens', ms: 90_000 },
        { id: 'b0', label: 'Âmbito', ms: 30_000 },
      ],
      pdfDownloadedAt: '2026-06-02T09:02:00.000Z',
    });
    const panel = await screen.findByRole('region', { name: 'Leitura' });
    expect(await within(panel).findByText('2 min 45 s')).toBeInTheDocument();
    const top = within(within(panel).getByRole('list', { name: 'Secções mais lidas' })).getAllByRole(
      'listitem',
    );
    expect(top.map((li) => li.textContent)).toEqual(['Itens1 min 30 s', 'Âmbito30 s']);
    const visits = within(within(panel).getByRole('list', { name: 'Visitas do cliente' })).getAllByRole(
      'listitem',
    );
    expect(visits[0]).toHaveTextContent('Telemóvel');
    expect(visits[0]).toHaveTextContent('2 min 05 s');
    expect(visits[1]).toHaveTextContent('Computador');
    expect(panel).toHaveTextContent(/PDF descarregado\s*Sim, /);
    // What a visit is, in words on the screen (issue 37).
    expect(
      within(panel).getByText(
        'Sessões de leitura da página: aberturas no mesmo dispositivo e rede com menos de 30 min de intervalo contam como uma.',
      ),
    ).toBeVisible();
  });

  it('says when the client has not opened the proposal yet', async () => {
    render({
      visits: [],
      visitCount: 0,
      totalMs: 0,
      aggregatedVisits: 0,
      sections: [],
      pdfDownloadedAt: null,
    });
    const panel = await screen.findByRole('region', { name: 'Leitura' });
    expect(await within(panel).findByText(/Ainda não há leituras registadas/)).toBeInTheDocument();
  });

  it('writes reading times as people say them', () => {
    expect(formatReadingTime(4_400)).toBe('4 s');
    expect(formatReadingTime(65_000)).toBe('1 min 05 s');
    expect(formatReadingTime(3_720_000)).toBe('1 h 02 min');
  });
});
