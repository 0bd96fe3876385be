import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { DuplicateButton } from './duplicate-button';

// docs/product.md#duplicating-a-proposal
const ID = '00000000-0000-4000-8000-000000000001';
const COPY = '00000000-0000-4000-8000-000000000002';

afterEach(() => vi.unstubAllGlobals());

describe('DuplicateButton', () => {
  it('duplicates, says the new number and opens the copy in the editor', async () => {
    const api = mockApi({
      [`POST /proposals/${ID}/duplicate`]: () =>
        jsonResponse(201, { data: { id: COPY, number: 'ORC 2026/0043', title: 'Website (cópia)' } }),
    });
    const { user, router } = renderWithOverlays(<DuplicateButton proposal={{ id: ID, title: 'Website' }} />);
    await user.click(screen.getByRole('button', { name: 'Duplicar Website' }));
    expect(await screen.findByText('Proposta duplicada: ORC 2026/0043.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/proposals/${COPY}/edit`));
    expect(api.bodiesOf(`POST /proposals/${ID}/duplicate`)).toHaveLength(1);
  });

  it("shows the server's message and stays put when refused", async () => {
    mockApi({
      [`POST /proposals/${ID}/duplicate`]: () => apiError(403, 'FORBIDDEN', 'Sem permissão para esta ação'),
    });
    const { user, router } = renderWithOverlays(<DuplicateButton proposal={{ id: ID, title: 'Website' }} />, {
      route: `/proposals/${ID}`,
    });
    await user.click(screen.getByRole('button', { name: 'Duplicar Website' }));
    expect(await screen.findByText('Sem permissão para esta ação')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/proposals/${ID}`);
  });
});
