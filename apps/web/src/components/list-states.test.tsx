import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { type ListQuery, ListStates } from './list-states';

const settled: ListQuery = {
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  isPlaceholderData: false,
  refetch: () => undefined,
};

function renderStates(
  query: Partial<ListQuery>,
  rows: string[] | undefined,
  options: { page?: number; onFirstPage?: () => void; isFiltered?: boolean } = {},
) {
  return renderWithProviders(
    <ListStates
      query={{ ...settled, ...query }}
      rows={rows}
      loadingLabel="A carregar coisas…"
      errorTitle="Erro ao carregar coisas"
      page={options.page}
      onFirstPage={options.onFirstPage}
      isFiltered={options.isFiltered}
      filtered={{ title: 'Nenhuma coisa encontrada', description: 'Experimente outra pesquisa.' }}
      empty={{ title: 'Ainda não há coisas', actions: <button type="button">Nova coisa</button> }}
    >
      {(items) => (
        <ul aria-label="Coisas">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );
}

describe('ListStates', { timeout: 20_000 }, () => {
  it('announces the loading list', () => {
    renderStates({ isPending: true }, undefined);
    expect(screen.getByRole('status')).toHaveTextContent('A carregar coisas…');
  });

  it("shows the error with the server's reason and a retry that reads the list again", async () => {
    const refetch = vi.fn();
    const error = new ApiError({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Ocorreu um erro interno.',
      fromServer: true,
    });
    const { user } = renderStates({ isError: true, error, refetch }, undefined);
    expect(screen.getByText('Erro ao carregar coisas')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro interno.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has when a refresh fails', () => {
    renderStates({ isError: true, error: new Error('offline') }, ['Mesa']);
    expect(screen.getByRole('list', { name: 'Coisas' })).toHaveTextContent('Mesa');
    expect(screen.queryByText('Erro ao carregar coisas')).not.toBeInTheDocument();
  });

  it('says a page past the end is empty and goes back to the first', async () => {
    const onFirstPage = vi.fn();
    const { user } = renderStates({}, [], { page: 3, onFirstPage, isFiltered: true });
    expect(screen.getByText('Esta página está vazia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir para a primeira página' }));
    expect(onFirstPage).toHaveBeenCalledTimes(1);
  });

  it('tells nothing matching the search apart from an empty list', () => {
    const { unmount } = renderStates({}, [], { isFiltered: true });
    expect(screen.getByText('Nenhuma coisa encontrada')).toBeInTheDocument();
    expect(screen.getByText('Experimente outra pesquisa.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova coisa' })).not.toBeInTheDocument();
    unmount();

    renderStates({}, []);
    expect(screen.getByText('Ainda não há coisas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova coisa' })).toBeInTheDocument();
  });

  it('renders the rows, dimmed and marked busy while the next search or page loads', () => {
    renderStates({ isPlaceholderData: true }, ['Mesa', 'Cadeira']);
    const list = screen.getByRole('list', { name: 'Coisas' });
    expect(list).toHaveTextContent('MesaCadeira');
    expect(list.parentElement).toHaveStyle({ opacity: '0.6' });
    expect(list.parentElement).toHaveAttribute('aria-busy', 'true');
  });

  it('rows that are current are neither dimmed nor busy', () => {
    renderStates({ isPlaceholderData: false }, ['Mesa']);
    const list = screen.getByRole('list', { name: 'Coisas' });
    expect(list.parentElement).toHaveStyle({ opacity: '1' });
    expect(list.parentElement).not.toHaveAttribute('aria-busy');
  });
});
