import { MESSAGES } from '@aceite/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues, newItem, type ProposalFormValues } from './proposal-form-values';
import { sendOnArrivalState, wantsSendOnArrival } from './send-proposal-button';

// 'Guardar e enviar' (issue 37, docs/product.md#sending-and-email).
vi.setConfig({ testTimeout: 60_000 });

const USER = buildUser({ role: 'sales' });
const ID = '3f2b8c1e-6a4d-4e2f-9b7c-1d2e3f4a5b6c';
const CLIENT = {
  id: '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11',
  name: 'Padaria Lusitana',
  company: null,
  email: 'geral@lusitana.pt',
};

function values(): ProposalFormValues {
  return {
    ...emptyProposalValues(USER.id),
    title: 'Loja online',
    clientId: CLIENT.id,
    items: [newItem({ name: 'Design', quantity: 1, unitPrice: 100 })],
  };
}

function renderEditor(blocksSending: boolean) {
  mockApi({
    'GET /clients': () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/approval`]: () => jsonResponse(200, { data: { blocksSending, reopened: false } }),
    [`PUT /proposals/${ID}`]: ({ body }) => jsonResponse(200, { data: { id: ID, ...(body as object) } }),
  });
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <ProposalForm
      proposalId={ID}
      initialValues={values()}
      initialClient={CLIENT}
      cancelTo={`/proposals/${ID}`}
      onSaved={onSaved}
    />,
  );
  return { ...view, onSaved };
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe("'Guardar e enviar'", () => {
  it('saves and asks the page to open the send dialog; a plain save does not', async () => {
    const { user, onSaved } = renderEditor(false);
    await user.click(await screen.findByRole('button', { name: 'Guardar e enviar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(onSaved.mock.calls[0]?.[1]).toEqual({ send: true });

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(onSaved.mock.calls[1]?.[1]).toEqual({ send: false });
  });

  it('says why it cannot send while the proposal awaits approval, and saves nothing', async () => {
    const { user, onSaved } = renderEditor(true);
    const button = () => screen.getByRole('button', { name: 'Guardar e enviar' });
    await waitFor(() => expect(button()).toHaveAttribute('aria-description', MESSAGES.approvalRequired));
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    await user.click(button());
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('leaves the page a state it reads back, and nothing for a plain save', () => {
    expect(wantsSendOnArrival(sendOnArrivalState(true))).toBe(true);
    expect(wantsSendOnArrival(sendOnArrivalState(false))).toBe(false);
    expect(wantsSendOnArrival({ sendOnArrival: 'yes' })).toBe(false);
  });
});
