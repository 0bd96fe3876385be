import type { Notification } from '@aceite/shared/schemas/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { type Handler, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { bellAriaLabel, NotificationBell, unreadBadgeLabel } from './notification-bell';

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '7d7a3a4e-1c1b-4a57-9d0f-2f6a9b1c0d01',
    type: 'proposal_viewed',
    title: 'Proposta visualizada',
    message: 'O cliente abriu a proposta "Loja online".',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    actionUrl: '/proposals/3a1f7c9e-0b7e-4d6b-9a57-2a1f0c4d5e66',
    ...overrides,
  };
}

interface Api {
  count: number;
  notifications: Notification[];
  fail?: boolean;
}

function stubApi(api: Api) {
  const calls: { method: string; url: string }[] = [];
  // Every call is noted; a failing server answers 500 to all of them.
  const answer =
    (respond: Handler): Handler =>
    (request) => {
      calls.push({ method: request.init.method ?? 'GET', url: request.url.pathname + request.url.search });
      if (api.fail) return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Erro' } });
      return respond(request);
    };
  mockApi(
    {
      'GET /notifications/unread-count': answer(() => jsonResponse(200, { data: { count: api.count } })),
      'PUT /notifications/mark-all-read': answer(() => {
        api.notifications = api.notifications.map((n) => ({ ...n, isRead: true }));
        const count = api.count;
        api.count = 0;
        return jsonResponse(200, { data: { count } });
      }),
      'GET /notifications': answer(() =>
        jsonResponse(200, {
          data: api.notifications,
          meta: { page: 1, limit: 10, total: api.notifications.length, totalPages: 1 },
        }),
      ),
    },
    {
      // PUT /notifications/{id}/read
      otherwise: answer(({ url, init }) => {
        const read = url.pathname.match(/\/notifications\/([^/]+)\/read$/);
        if (init.method === 'PUT' && read) {
          api.notifications = api.notifications.map((n) => (n.id === read[1] ? { ...n, isRead: true } : n));
          api.count = Math.max(0, api.count - 1);
          return jsonResponse(200, { data: api.notifications.find((n) => n.id === read[1]) });
        }
        return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Não encontrado' } });
      }),
    },
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('unread badge', () => {
  it("shows nothing at 0, the count up to 9 and '9+' above 9", () => {
    expect(unreadBadgeLabel(0)).toBeNull();
    expect(unreadBadgeLabel(1)).toBe('1');
    expect(unreadBadgeLabel(9)).toBe('9');
    expect(unreadBadgeLabel(10)).toBe('9+');
    expect(unreadBadgeLabel(250)).toBe('9+');
  });

  it('names the exact count in the button label', () => {
    expect(bellAriaLabel(0)).toBe('Notificações');
    expect(bellAriaLabel(1)).toBe('Notificações, 1 não lida');
    expect(bellAriaLabel(12)).toBe('Notificações, 12 não lidas');
  });

  it("renders '9+' on the bell for 12 unread, with the exact count in its name", async () => {
    stubApi({ count: 12, notifications: [] });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notificações, 12 não lidas' });
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('9+');
  });
});

describe('NotificationBell', () => {
  it('lists the latest 10; a click marks the item read and opens its actionUrl', async () => {
    const first = buildNotification();
    const second = buildNotification({
      id: '7d7a3a4e-1c1b-4a57-9d0f-2f6a9b1c0d02',
      title: 'Proposta aceite',
      isRead: true,
      createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const calls = stubApi({ count: 1, notifications: [first, second] });
    const { user, router } = renderWithProviders(<NotificationBell />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Notificações, 1 não lida' }));
    const unread = await screen.findByRole('menuitem', { name: /Proposta visualizada/ });
    expect(unread).toHaveTextContent('Há 5 min');
    expect(unread).toHaveTextContent('Não lida');
    expect(screen.getByRole('menuitem', { name: /Proposta aceite/ })).toHaveTextContent('Há 3h');
    expect(calls.some((c) => c.url.includes('/notifications?limit=10'))).toBe(true);

    await user.click(unread);
    expect(router.state.location.pathname).toBe('/proposals/3a1f7c9e-0b7e-4d6b-9a57-2a1f0c4d5e66');
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', url: `/api/v1/notifications/${first.id}/read` }),
    );
    // The badge follows its own action without waiting for the next 30 s poll.
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument();
  });

  it("marks all read with 'Marcar todas como lidas'", async () => {
    const calls = stubApi({
      count: 2,
      notifications: [buildNotification(), buildNotification({ id: '7d7a3a4e-1c1b-4a57-9d0f-2f6a9b1c0d03' })],
    });
    const { user } = renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    await screen.findAllByRole('menuitem', { name: /Proposta visualizada/ });
    await user.click(screen.getByRole('menuitem', { name: 'Marcar todas como lidas' }));

    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', url: '/api/v1/notifications/mark-all-read' }),
    );
    await waitFor(() => expect(screen.queryByText('Não lida')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
  });

  it('links to all notifications (Settings → Notificações), also when there are none', async () => {
    stubApi({ count: 0, notifications: [] });
    const { user, router } = renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações' }));
    await screen.findByText('Sem notificações');
    await user.click(screen.getByRole('menuitem', { name: 'Ver todas as notificações' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?tab=notificacoes');
  });

  it('polls the unread count every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = { count: 0, notifications: [] };
      const calls = stubApi(api);
      renderWithProviders(<NotificationBell />);
      await screen.findByRole('button', { name: 'Notificações' });
      const polls = () => calls.filter((c) => c.url.endsWith('/notifications/unread-count')).length;
      await waitFor(() => expect(polls()).toBe(1));
      api.count = 3;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByRole('button', { name: 'Notificações, 3 não lidas' })).toBeInTheDocument();
      expect(polls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Sem notificações' when there are none", async () => {
    stubApi({ count: 0, notifications: [] });
    const { user } = renderWithProviders(<NotificationBell />);
    await user.click(screen.getByRole('button', { name: 'Notificações' }));
    expect(await screen.findByText('Sem notificações')).toBeInTheDocument();
  });

  it('only logs failures: no badge, no error text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({ count: 0, notifications: [], fail: true });
    const { user } = renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const bell = screen.getByRole('button', { name: 'Notificações' });
    expect(within(bell).queryByTestId('unread-badge')).not.toBeInTheDocument();
    await user.click(bell);
    expect(await screen.findByText('Sem notificações')).toBeInTheDocument();
    expect(screen.queryByText(/erro/i)).not.toBeInTheDocument();
  });
});
