import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { optOutTokenFromPath, ReminderOptOutApp } from './reminder-opt-out';
import { fail, ok, stubFetch, TOKEN } from './test-fixtures';

// 'Não quero receber mais lembretes' (docs/product.md#reminders).

afterEach(() => vi.unstubAllGlobals());

describe('the reminders opt-out page', () => {
  it('reads its token from /p/{token}/lembretes only', () => {
    expect(optOutTokenFromPath(`/p/${TOKEN}/lembretes`)).toBe(TOKEN);
    expect(optOutTokenFromPath(`/p/${TOKEN}/lembretes/`)).toBe(TOKEN);
    expect(optOutTokenFromPath(`/p/${TOKEN}`)).toBeNull();
    expect(optOutTokenFromPath('/p//lembretes')).toBeNull();
  });

  it('stops the reminders on a click (never on load) and says so; the proposal is not read', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.endsWith('/reminders/stop') ? ok({ stopped: true }) : fail(500, 'INTERNAL', 'inesperado'),
    );
    render(<ReminderOptOutApp publicToken={TOKEN} env="test" />);
    expect(screen.getByRole('heading', { name: 'Lembretes desta proposta' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Não quero receber mais lembretes' }));
    expect(
      await screen.findByRole('heading', { name: 'Não vai receber mais lembretes' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string | URL, RequestInit];
    expect(String(url)).toContain(`/api/v1/public/proposals/${TOKEN}/reminders/stop`);
    expect(init.method).toBe('POST');
    expect(screen.getByRole('link', { name: 'Ver proposta' })).toHaveAttribute('href', `/p/${TOKEN}`);
  });

  it("shows the server's message when it refuses", async () => {
    const user = userEvent.setup();
    stubFetch(() => fail(404, 'NOT_FOUND', 'Proposta não encontrada'));
    render(<ReminderOptOutApp publicToken={TOKEN} env="test" />);
    await user.click(screen.getByRole('button', { name: 'Não quero receber mais lembretes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Proposta não encontrada');
  });
});
