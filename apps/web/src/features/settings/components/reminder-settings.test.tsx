import { MESSAGES } from '@aceite/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { ReminderSettings, reminderSettings, reminderValues } from './reminder-settings';

const ORGANIZATION = {
  id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
  name: 'Demo Lda',
  domain: null,
  plan: 'professional',
  branding: { primaryColor: '#007bff', logo: null },
  settings: { weekStartsOn: 1, requireAnswerCode: false },
};

afterEach(() => vi.unstubAllGlobals());

describe('reminder settings values (docs/product.md#reminders)', () => {
  it('are all on by default: 3 days not opened, 5 not answered, 2 before expiry, and the summary', () => {
    expect(reminderValues({})).toEqual({
      notOpenedOn: true,
      notOpenedDays: 3,
      notAnsweredOn: true,
      notAnsweredDays: 5,
      beforeExpiryOn: true,
      beforeExpiryDays: 2,
      ownerSummaryOn: true,
    });
  });

  it('read and write the flat keys', () => {
    const values = reminderValues({ reminderNotOpenedEnabled: false, reminderNotOpenedDays: 7 });
    expect(values).toMatchObject({ notOpenedOn: false, notOpenedDays: 7 });
    expect(reminderSettings({ ...values, ownerSummaryOn: false })).toEqual({
      reminderNotOpenedEnabled: false,
      reminderNotOpenedDays: 7,
      reminderNotAnsweredEnabled: true,
      reminderNotAnsweredDays: 5,
      reminderBeforeExpiryEnabled: true,
      reminderBeforeExpiryDays: 2,
      reminderOwnerSummaryEnabled: false,
    });
  });
});

describe('ReminderSettings', { timeout: 20_000 }, () => {
  it('refuses days outside 1–60, then saves, keeping the other settings', async () => {
    const api = mockApi({
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(
      <ReminderSettings organization={ORGANIZATION} onMessage={onMessage} />,
    );
    const days = screen.getByLabelText('Dias depois do envio');
    expect(days).toHaveValue('3');
    await user.clear(days);
    await user.type(days, '61');
    await user.click(screen.getByRole('button', { name: 'Guardar lembretes' }));
    expect(await screen.findByText(MESSAGES.reminderDaysInvalid)).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '4');
    await user.click(screen.getByRole('switch', { name: 'Lembrar o cliente antes de a proposta expirar' }));
    expect(screen.queryByLabelText('Dias antes da data de validade')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Resumo diário ao responsável/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar lembretes' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      name: 'Demo Lda',
      settings: {
        weekStartsOn: 1,
        requireAnswerCode: false,
        reminderNotOpenedEnabled: true,
        reminderNotOpenedDays: 4,
        reminderNotAnsweredEnabled: true,
        reminderNotAnsweredDays: 5,
        reminderBeforeExpiryEnabled: false,
        reminderBeforeExpiryDays: 2,
        reminderOwnerSummaryEnabled: false,
      },
    });
    await waitFor(() =>
      expect(onMessage).toHaveBeenLastCalledWith({ type: 'success', text: 'Lembretes guardados.' }),
    );
  });

  it("shows the server's field message on the field", async () => {
    mockApi({
      'PUT /settings/organization': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: MESSAGES.reminderDaysInvalid,
            details: [{ field: 'settings.reminderNotAnsweredDays', message: 'Do servidor: dias inválidos' }],
            requestId: 'r',
          },
        }),
    });
    const { user } = renderWithOverlays(<ReminderSettings organization={ORGANIZATION} onMessage={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Guardar lembretes' }));
    expect(await screen.findByText('Do servidor: dias inválidos')).toBeInTheDocument();
  });
});
