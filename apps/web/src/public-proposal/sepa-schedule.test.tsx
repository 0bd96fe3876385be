import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPublicPage } from './server-render';
import { makeProposal, TOKEN } from './test-fixtures';

// "Pagamento por Débito Direto SEPA" on the client's page (docs/product.md#the-schedule-in-the-proposal).
afterEach(() => {
  vi.useRealTimers();
});

const SEPA = {
  pattern: 'monthly' as const,
  instalments: 3,
  firstCollectionDate: '2026-07-01',
  creditorName: 'Conceição e Filhos, Lda.',
  creditorIdentifier: 'PT19ZZZ101148',
  timeZone: 'Europe/Lisbon',
};

function rendered(proposal = makeProposal({ sepa: SEPA })) {
  const { markup } = renderPublicPage({ kind: 'ready', proposal }, TOKEN);
  const root = document.createElement('div');
  root.innerHTML = markup;
  return root;
}

describe('the SEPA schedule on the public page', () => {
  it('is in the server-rendered page: the creditor and the collections of the total', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
    const page = rendered();
    expect(page.textContent).toContain('Pagamento por Débito Direto SEPA');
    expect(page.textContent).toContain('Conceição e Filhos, Lda.');
    expect(page.textContent).toContain('PT19ZZZ101148');
    const rows = [...page.querySelectorAll('[data-testid="sepa-schedule"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    );
    // 7 970,40 € in three: the first takes the leftover cent.
    expect(rows).toEqual([
      ['01/07/2026', 'Primeira', '2 656,80 €'],
      ['01/08/2026', 'Recorrente', '2 656,80 €'],
      ['01/09/2026', 'Última', '2 656,80 €'],
    ]);
  });

  it('moves a first date too near to 5 days after today, as the acceptance would', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-29T10:00:00Z'));
    const dates = [
      ...rendered().querySelectorAll('[data-testid="sepa-schedule"] tbody tr td:first-child'),
    ].map((cell) => cell.textContent);
    expect(dates).toEqual(['04/07/2026', '04/08/2026', '04/09/2026']);
  });

  it("counts today in the organization's time zone, as the acceptance does", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 00:30 UTC on 10 December: the 10th in Lisbon, still the 9th in the Azores.
    vi.setSystemTime(new Date('2026-12-10T00:30:00Z'));
    const firstDate = (timeZone: string) =>
      rendered(
        makeProposal({
          sepa: {
            ...SEPA,
            pattern: 'oneOff',
            instalments: null,
            firstCollectionDate: '2026-12-01',
            timeZone,
          },
        }),
      ).querySelector('[data-testid="sepa-schedule"] tbody tr td')?.textContent;
    expect(firstDate('Europe/Lisbon')).toBe('15/12/2026');
    expect(firstDate('Atlantic/Azores')).toBe('14/12/2026');
  });

  it('is absent when the proposal has no SEPA terms', () => {
    expect(rendered(makeProposal({ sepa: null })).textContent).not.toContain('Débito Direto SEPA');
  });
});
