import type { Notification } from '@aceite/shared/schemas/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { NotificationBell } from './notification-bell';
import { NotificationsPanel } from './notifications-panel';

function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'invite_accepted',
    title: `Aviso ${n}`,
    message: `Mensagem ${n}`,
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    actionUrl: '/users',
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationsPanel', { timeout: 20_000 }, () => {
  it('pages 20 at a time with Anterior / Próxima and filters to unread from page 1', async () => {
    const api = mockApi({
      'GET /notifications': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const unreadOnly = url.searchParams.get('unreadOnly') === 'true';
        return jsonResponse(200, {
          data: [notification(page, { isRead: !unreadOnly && page === 2 })],
          meta: { page, limit: 20, total: unreadOnly ? 1 : 30, totalPages: unreadOnly ? 1 : 2 },
        });
      },
    });
    const { user } = renderWithOverlays(<NotificationsPanel onMessage={vi.fn()} />);

    expect(await screen.findByText('Aviso 1')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('Há 5 min')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(api.queriesOf('GET /notifications')[0]?.get('limit')).toBe('20');

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Aviso 2')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();

    await user.click(screen.getByLabelText('Mostrar apenas não lidas'));
    expect(await screen.findByText('Página 1 de 1')).toBeInTheDocument();
    const last = api.queriesOf('GET /notifications').at(-1);
    expect(last?.get('unreadOnly')).toBe('true');
    expect(last?.get('page')).toBe('1');
  });

  it('marks one read, and deletes one only after confirmation', async () => {
    const api = mockApi({
      'GET /notifications': () =>
        jsonResponse(200, {
          data: [notification(1), notification(2, { isRead: true })],
          meta: { page: 1, limit: 20, total: 2, totalPages: 1 },
        }),
      'PUT /notifications/00000000-0000-4000-8000-000000000001/read': () =>
        jsonResponse(200, { data: notification(1, { isRead: true }) }),
      'DELETE /notifications/00000000-0000-4000-8000-000000000002': () =>
        jsonResponse(200, { data: { ok: true } }),
    });
    const onChanged = vi.fn();
    const { user } = renderWithOverlays(<NotificationsPanel onMessage={vi.fn()} onChanged={onChanged} />);

    await user.click(await screen.findByRole('button', { name: 'Marcar como lida: Aviso 1' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Marcar como lida: Aviso 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar: Aviso 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar notificação' });
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('marks all read and deletes the read ones after confirmation, reporting how many', async () => {
    mockApi({
      'GET /notifications': () =>
        jsonResponse(200, { data: [notification(1)], meta: { page: 1, limit: 20, total: 1, totalPages: 1 } }),
      'PUT /notifications/mark-all-read': () => jsonResponse(200, { data: { count: 3 } }),
      'DELETE /notifications': () => jsonResponse(200, { data: { count: 1 } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<NotificationsPanel onMessage={onMessage} />);
    await screen.findByText('Aviso 1');

    await user.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenLastCalledWith({
        type: 'success',
        text: '3 notificações marcadas como lidas.',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Eliminar lidas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar notificações lidas' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar lidas' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenLastCalledWith({ type: 'success', text: '1 notificação eliminada.' }),
    );
  });

  it('says when there is nothing to show', async () => {
    mockApi({
      'GET /notifications': () =>
        jsonResponse(200, { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 1 } }),
    });
    renderWithOverlays(<NotificationsPanel onMessage={vi.fn()} />);
    expect(await screen.findByText('Nenhuma notificação')).toBeInTheDocument();
  });

  it('refreshes the top-bar badge when a notification is read here', async () => {
    let unread = 1;
    const api = mockApi({
      'GET /notifications': () =>
        jsonResponse(200, {
          data: [notification(1, { isRead: unread === 0 })],
          meta: { page: 1, limit: 20, total: 1, totalPages: 1 },
        }),
      'GET /notifications/unread-count': () => jsonResponse(200, { data: { count: unread } }),
      'PUT /notifications/00000000-0000-4000-8000-000000000001/read': () => {
        unread = 0;
        return jsonResponse(200, { data: notification(1, { isRead: true }) });
      },
    });
    const { user } = renderWithOverlays(
      <>
        <NotificationBell />
        <NotificationsPanel onMessage={vi.fn()} />
      </>,
    );
    await waitFor(() => expect(api.queriesOf('GET /notifications/unread-count')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Marcar como lida: Aviso 1' }));
    await waitFor(() => expect(api.queriesOf('GET /notifications/unread-count')).toHaveLength(2));
  });
});
