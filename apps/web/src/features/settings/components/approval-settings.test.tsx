import { MESSAGES } from '@aceite/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { ApprovalSettings, approvalSettings, approvalValues } from './approval-settings';

const ORGANIZATION = {
  id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
  name: 'Demo Lda',
  domain: null,
  plan: 'professional',
  branding: { primaryColor: '#007bff', logo: null },
  settings: { weekStartsOn: 1, requireAnswerCode: false },
};

afterEach(() => vi.unstubAllGlobals());

describe('approval settings values (docs/product.md#approvals)', () => {
  it('are off by default, admins and managers skipping their own', () => {
    expect(approvalValues({})).toEqual({
      totalOn: false,
      total: '',
      discountOn: false,
      discount: '',
      selfApproves: true,
    });
  });

  it('store the total in cents and a rule that is off as null', () => {
    expect(
      approvalSettings({
        totalOn: true,
        total: 5000.5,
        discountOn: false,
        discount: 12,
        selfApproves: false,
      }),
    ).toEqual({ approvalMinTotal: 500_050, approvalMinDiscountPercent: null, approvalSelfApproves: false });
    expect(approvalValues({ approvalMinTotal: 500_050, approvalMinDiscountPercent: 15 })).toMatchObject({
      totalOn: true,
      total: 5000.5,
      discountOn: true,
      discount: 15,
    });
  });
});

describe('ApprovalSettings', { timeout: 20_000 }, () => {
  it('saves a total threshold in cents, keeping the other settings', async () => {
    const api = mockApi({
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(
      <ApprovalSettings organization={ORGANIZATION} onMessage={onMessage} />,
    );
    await user.click(screen.getByRole('switch', { name: 'A partir de um valor total' }));
    await user.click(screen.getByRole('button', { name: 'Guardar aprovações' }));
    expect(await screen.findByText(MESSAGES.approvalMinTotalInvalid)).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Total igual ou superior a/), '5000');
    await user.click(screen.getByRole('button', { name: 'Guardar aprovações' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      name: 'Demo Lda',
      settings: {
        weekStartsOn: 1,
        requireAnswerCode: false,
        approvalMinTotal: 500_000,
        approvalMinDiscountPercent: null,
        approvalSelfApproves: true,
      },
    });
    await waitFor(() =>
      expect(onMessage).toHaveBeenLastCalledWith({ type: 'success', text: 'Regras de aprovação guardadas.' }),
    );
  });
});
