import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { type PanelErrorCopy, type PanelQuery, PanelStates } from './panel-states';

const settled: PanelQuery<string[]> = {
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: () => undefined,
};

function renderStates(query: Partial<PanelQuery<string[]>>, error: PanelErrorCopy = { message: 'Falhou.' }) {
  return renderWithProviders(
    <PanelStates
      query={{ ...settled, ...query }}
      loadingLabel="A carregar coisas…"
      error={error}
      isEmpty={(rows) => rows.length === 0}
      empty="Ainda não há coisas."
    >
      {(rows) => (
        <ul aria-label="Coisas">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </PanelStates>,
  );
}

describe('PanelStates', () => {
  it('says it is loading', () => {
    renderStates({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('A carregar coisas…');
  });

  it("shows the error's own message with a retry, or the fallback, or the fixed text", async () => {
    const refetch = vi.fn();
    const failure = new ApiError({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'O servidor falhou.',
      fromServer: true,
    });
    const { unmount, user } = renderStates({ isError: true, error: failure, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('O servidor falhou.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledOnce();
    unmount();

    const second = renderStates({ isError: true, error: new Error('x') });
    expect(screen.getByRole('alert')).toHaveTextContent('Falhou.');
    second.unmount();

    renderStates(
      { isError: true, error: failure },
      { title: 'Erro ao carregar coisas', message: 'Fixo.', fixed: true },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar coisas');
    expect(screen.getByRole('alert')).toHaveTextContent('Fixo.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('O servidor falhou.');
  });

  it('keeps the previous answer when a refresh fails', () => {
    renderStates({ isError: true, error: new Error('x'), data: ['a'] });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('list', { name: 'Coisas' })).toHaveTextContent('a');
  });

  it('shows the empty text, or the content', () => {
    const { unmount } = renderStates({ data: [] });
    expect(screen.getByText('Ainda não há coisas.')).toBeInTheDocument();
    unmount();
    renderStates({ data: ['a', 'b'] });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
