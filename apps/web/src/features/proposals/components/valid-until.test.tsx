import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The date field once its picker has loaded (a disabled stand-in with the same label shows until then). */
async function validUntil() {
  const input = screen.getByLabelText('Válida até');
  await waitFor(() => expect(screen.getByLabelText('Válida até')).toBeEnabled());
  return input.isConnected ? input : screen.getByLabelText('Válida até');
}

describe("'Válida até' in the editor", () => {
  it('shows the date as dd/mm/aaaa whatever the browser language, and reads a typed dd/mm/aaaa', async () => {
    mockApi({ 'GET /clients': () => jsonResponse(200, { data: [] }) });
    const onSaved = vi.fn();
    renderWithProviders(
      <ProposalForm
        initialValues={{ ...emptyProposalValues(null), validUntil: '2026-06-01' }}
        cancelTo="/proposals"
        onSaved={onSaved}
      />,
    );
    const field = await validUntil();
    expect(field).toHaveValue('01/06/2026');

    fireEvent.change(field, { target: { value: '15/07/2026' } });
    fireEvent.blur(field);
    await waitFor(() => expect(screen.getByLabelText('Válida até')).toHaveValue('15/07/2026'));
  });
});
