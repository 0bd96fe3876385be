import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchInput } from '@/components/search-input';
import { renderWithProviders } from '@/test/render';
import { pageFromParam, useDebouncedSearch, useListSearchParams } from './use-list-search';

/** A list screen's search wiring with the list left out: what the server would be asked for, each time. */
function Probe({ asked }: { asked: string[] }) {
  const list = useListSearchParams();
  const debounced = useDebouncedSearch(list.search);
  if (asked.at(-1) !== debounced) asked.push(debounced);
  return (
    <>
      <SearchInput label="Pesquisar" value={list.search} onChange={list.setSearch} />
      <p>Página {list.page}</p>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Seguinte
      </button>
    </>
  );
}

describe('useListSearchParams and useDebouncedSearch', { timeout: 20_000 }, () => {
  it('keeps the typed search in the URL at once, back on page 1 with the other filters kept', async () => {
    const { user, router } = renderWithProviders(<Probe asked={[]} />, {
      route: '/lista?status=active&page=3',
    });
    expect(screen.getByText('Página 3')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'ana');
    expect(router.state.location.search).toBe('?status=active&search=ana');
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    // Typing replaces the history entry: no entry per letter.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.clear(screen.getByRole('searchbox', { name: 'Pesquisar' }));
    expect(router.state.location.search).toBe('?status=active');
  });

  it('asks the server once typing pauses, with the trimmed text, not once per letter', async () => {
    const asked: string[] = [];
    const { user } = renderWithProviders(<Probe asked={asked} />, { route: '/lista' });
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), '  marta ');
    expect(asked).toEqual(['']);
    await waitFor(() => expect(asked).toEqual(['', 'marta']));
  });

  it('reads the search and the page from the URL, and a new page is a new history entry', async () => {
    const { user, router } = renderWithProviders(<Probe asked={[]} />, { route: '/lista?search=rui&page=2' });
    expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toHaveValue('rui');
    await user.click(screen.getByRole('button', { name: 'Seguinte' }));
    expect(router.state.location.search).toBe('?search=rui&page=3');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('reads a page that is not a positive integer as the first', () => {
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('-2')).toBe(1);
    expect(pageFromParam('2.5')).toBe(1);
    expect(pageFromParam('abc')).toBe(1);
    expect(pageFromParam('4')).toBe(4);
  });
});
