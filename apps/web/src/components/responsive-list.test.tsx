import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsMobile } from '@/lib/use-is-mobile';
import { renderRoutes } from '@/test/render';
import { ActiveBadge } from './active-badge';
import { type ListColumn, ResponsiveList } from './responsive-list';

interface Thing {
  id: string;
  name: string;
  isActive: boolean;
}

const THINGS: Thing[] = [
  { id: 't1', name: 'Mesa', isActive: true },
  { id: 't2', name: 'Cadeira', isActive: false },
];

const COLUMNS: ListColumn<Thing>[] = [
  { header: 'Nome', cell: (thing) => <a href={`/coisas/${thing.id}`}>{thing.name}</a> },
  { header: 'Estado', cell: (thing) => <ActiveBadge isActive={thing.isActive} /> },
  { header: 'Ações', hideHeader: true, cell: (thing) => <button type="button">Apagar {thing.name}</button> },
];

/** A list screen's rows: table or cards as the screen's width decides. */
function Things({ breakpoint }: { breakpoint?: 'sm' | 'md' }) {
  const isMobile = useIsMobile(breakpoint);
  return (
    <ResponsiveList
      rows={THINGS}
      rowKey={(thing) => thing.id}
      columns={COLUMNS}
      card={(thing) => <strong>{thing.name}</strong>}
      rowHref={(thing) => `/coisas/${thing.id}`}
      label="Coisas"
      tableLabel="Tabela de coisas"
      minWidth={600}
      isMobile={isMobile}
    />
  );
}

/** The screen is `width` px wide: media queries on `max-width` answer as a browser would (1em = 16px). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const limit = /max-width: calc\(([\d.]+)em - ([\d.]+)em\)/.exec(query);
    const matches = limit ? width <= (Number(limit[1]) - Number(limit[2])) * 16 : false;
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

function renderThings(breakpoint?: 'sm' | 'md') {
  return renderRoutes(
    [
      { path: '/coisas', element: <Things breakpoint={breakpoint} /> },
      { path: '/coisas/:id', element: <p>Página da coisa</p> },
    ],
    { route: '/coisas' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveList', { timeout: 20_000 }, () => {
  it('shows a table over the columns on a wide screen, in a named region a keyboard can scroll', () => {
    screenWidth(1280);
    renderThings();
    const region = screen.getByRole('region', { name: 'Tabela de coisas' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nome', 'Estado', 'Ações']);
    expect(within(table).getByRole('row', { name: /Cadeira/ })).toHaveTextContent('Inativo');
    expect(screen.queryByRole('list', { name: 'Coisas' })).not.toBeInTheDocument();
  });

  it('opens the row’s page on a click anywhere in the row, but not from its buttons', async () => {
    screenWidth(1280);
    const { user, router } = renderThings();
    await user.click(screen.getByRole('button', { name: 'Apagar Mesa' }));
    expect(router.state.location.pathname).toBe('/coisas');
    await user.click(screen.getByText('Inativo'));
    expect(router.state.location.pathname).toBe('/coisas/t2');
  });

  it('shows one card per row on a phone, each a link to its page', () => {
    screenWidth(360);
    renderThings();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Coisas' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/coisas/t1');
  });

  it('switches at the breakpoint the list asks for', () => {
    screenWidth(900);
    const { unmount } = renderThings('sm');
    expect(screen.getByRole('table')).toBeInTheDocument();
    unmount();
    renderThings('md');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Coisas' })).toBeInTheDocument();
  });
});
