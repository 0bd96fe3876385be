import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { WebhooksSection } from './webhooks-section';

const ENDPOINT = {
  id: '6f1c1d8e-1111-4c6e-a1c5-8b9f3c2d1e00',
  url: 'https://crm.exemplo.pt/hooks',
  description: 'CRM',
  events: ['proposal.accepted'],
  status: 'active',
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const ATTEMPT = {
  id: '7f1c1d8e-2222-4c6e-a1c5-8b9f3c2d1e00',
  deliveryId: '8f1c1d8e-3333-4c6e-a1c5-8b9f3c2d1e00',
  eventId: 'msg_1',
  eventType: 'webhook.test',
  attempt: 1,
  attemptedAt: '2026-11-26T10:01:00.000Z',
  responseStatus: 500,
  durationMs: 42,
  responseBody: 'erro do recetor',
  success: false,
  deliveryStatus: 'pending',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebhooksSection', { timeout: 20_000 }, () => {
  it('adds an endpoint with the chosen events, showing the server’s message under the URL', async () => {
    let created = false;
    const api = mockApi({
      'GET /webhooks': () => jsonResponse(200, { data: created ? [ENDPOINT] : [] }),
      'POST /webhooks': ({ body }) => {
        if ((body as { url: string }).url.includes('127.0.0.1'))
          return jsonResponse(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'x',
              details: [{ field: 'url', message: 'Este endereço não é permitido' }],
            },
          });
        created = true;
        return jsonResponse(201, { data: ENDPOINT });
      },
    });
    const { user } = renderWithOverlays(<WebhooksSection />);
    expect(await screen.findByText('Ainda não há webhooks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar webhook' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://127.0.0.1/x');
    await user.click(within(dialog).getByLabelText('Proposta aceite'));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar webhook' }));
    expect(await within(dialog).findByText('Este endereço não é permitido')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^URL/));
    await user.type(within(dialog).getByLabelText(/^URL/), ENDPOINT.url);
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar webhook' }));
    expect(await screen.findByText(ENDPOINT.url)).toBeInTheDocument();
    expect(api.bodiesOf('POST /webhooks').at(-1)).toMatchObject({
      url: ENDPOINT.url,
      events: ['proposal.accepted'],
      status: 'active',
    });
  });

  it('sends a test event, opens the log and replays a delivery', async () => {
    const api = mockApi({
      'GET /webhooks': () => jsonResponse(200, { data: [ENDPOINT] }),
      [`POST /webhooks/${ENDPOINT.id}/test`]: () =>
        jsonResponse(202, { data: { deliveryId: ATTEMPT.deliveryId } }),
      [`GET /webhooks/${ENDPOINT.id}/attempts`]: () =>
        jsonResponse(200, { data: [ATTEMPT], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } }),
      [`POST /webhooks/${ENDPOINT.id}/deliveries/${ATTEMPT.deliveryId}/replay`]: () =>
        jsonResponse(202, { data: { deliveryId: ATTEMPT.deliveryId } }),
    });
    const { user } = renderWithOverlays(<WebhooksSection />);
    await user.click(await screen.findByRole('button', { name: 'Enviar evento de teste' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByText('erro do recetor')).not.toHaveLength(0);
    await user.click(
      within(dialog).getAllByRole('button', { name: /Reenviar webhook.test/ })[0] as HTMLElement,
    );
    await vi.waitFor(() =>
      expect(
        api.bodiesOf(`POST /webhooks/${ENDPOINT.id}/deliveries/${ATTEMPT.deliveryId}/replay`),
      ).toHaveLength(1),
    );
  });
});
