import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { PaymentsPanel } from './payments-panel';

const USAGE = {
  plan: 'starter',
  planName: 'Starter',
  priceMonthly: 29,
  priceYearly: 290,
  trialEndsAt: null,
  proposalsThisMonth: { used: 0, limit: 50 },
  users: { used: 1, limit: 3 },
  templates: { used: 0, limit: 10 },
  storageBytes: { used: 0, limit: 5_000_000_000 },
  api: false,
  webhooks: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('Configurações → Pagamentos (docs/product.md#sepa-direct-debit)', () => {
  it('checks the creditor identifier before sending, then saves', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /settings/payments': () => jsonResponse(200, { data: { creditor: null, available: true } }),
      'PUT /settings/payments': ({ body }) => {
        sent.push(body);
        return jsonResponse(200, {
          data: {
            available: true,
            creditor: {
              name: 'Loja',
              creditorIdentifier: 'PT19ZZZ101148',
              iban: 'PT50000201231234567890154',
              ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
              bic: null,
              defaultPattern: 'oneOff',
              defaultInstalments: null,
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          },
        });
      },
    });
    const onMessage = vi.fn();
    renderWithOverlays(<PaymentsPanel onMessage={onMessage} />);
    expect(await screen.findByText('Ainda não configurou os dados de cobrança.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Nome do credor/ }), 'Loja');
    await user.type(screen.getByRole('textbox', { name: /Identificador de credor/ }), 'PT18ZZZ101148');
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), 'PT50000201231234567890154');
    await user.click(screen.getByRole('button', { name: 'Guardar dados de cobrança' }));
    expect(await screen.findByText(SEPA_MESSAGES.sepaCreditorIdentifierInvalid)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: /Identificador de credor/ }));
    await user.type(screen.getByRole('textbox', { name: /Identificador de credor/ }), 'PT19ZZZ101148');
    await user.click(screen.getByRole('button', { name: 'Guardar dados de cobrança' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ creditorIdentifier: 'PT19ZZZ101148', defaultInstalments: null });
    await vi.waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ type: 'success', text: 'Dados de cobrança guardados.' }),
    );
  });

  it("says why a plan without SEPA cannot fill it, in the server's words", async () => {
    mockApi({
      'GET /settings/payments': () => jsonResponse(200, { data: { creditor: null, available: false } }),
      'GET /settings/organization/usage': () => jsonResponse(200, { data: USAGE }),
    });
    renderWithOverlays(<PaymentsPanel onMessage={vi.fn()} />);
    expect(
      await screen.findByText(
        'O plano Starter não inclui pagamentos por Débito Direto SEPA. Passe para o Professional para os ativar.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar dados de cobrança' })).toBeDisabled();
  });
});
