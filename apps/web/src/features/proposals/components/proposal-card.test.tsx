import type { ProposalSummary } from '@aceite/shared/schemas/proposals';
import { renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { useAuthorization } from '@/lib/authorization';
import { buildUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProposalCard } from './proposal-card';

const OWNER = '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01';
const signed: ProposalSummary = {
  id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b09',
  number: 'ORC 2026/0001',
  title: 'Website',
  status: 'accepted',
  currency: 'EUR',
  totalValue: 100_00,
  agreedTotal: 80_00,
  validUntil: null,
  clientId: null,
  ownerId: OWNER,
  signedAt: '2026-11-02T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  client: null,
  owner: { id: OWNER, firstName: 'Vera', lastName: 'Vieira' },
};

function signInAs(role: 'sales' | 'manager' | 'admin') {
  localStorage.setItem('accessToken', 'a');
  localStorage.setItem('refreshToken', 'r');
  localStorage.setItem('user', JSON.stringify(buildUser({ id: OWNER, role })));
  syncAuthFromStorage();
}

afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
});

describe('deleting an answered proposal (issue 20)', () => {
  it('is offered to an admin only; the owner and a manager see no Eliminar', () => {
    const cases = { sales: false, manager: false, admin: true } as const;
    for (const [role, allowed] of Object.entries(cases)) {
      signInAs(role as keyof typeof cases);
      const { result } = renderHook(() => useAuthorization());
      expect(result.current.canDeleteProposal(OWNER, 'accepted'), role).toBe(allowed);
      expect(result.current.canDeleteProposal(OWNER, 'draft'), role).toBe(true);
    }
  });

  it('renders the card of a signed proposal without Editar or Eliminar when deleting is not allowed', async () => {
    renderWithProviders(<ProposalCard proposal={signed} canManage canDelete={false} onDelete={() => {}} />);
    expect(await screen.findByText('Website')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Website' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar Website' })).not.toBeInTheDocument();
  });
});

describe('the status of a signed proposal in the list (issue 19)', () => {
  it("reads 'Assinada', distinct from an acceptance without signature", async () => {
    renderWithProviders(<ProposalCard proposal={signed} canManage canDelete={false} onDelete={() => {}} />);
    expect(await screen.findByText('Assinada')).toBeInTheDocument();
    expect(screen.queryByText('Aceite')).not.toBeInTheDocument();
  });

  it("reads 'Aceite' for an acceptance without signature", async () => {
    renderWithProviders(
      <ProposalCard
        proposal={{ ...signed, signedAt: null }}
        canManage
        canDelete={false}
        onDelete={() => {}}
      />,
    );
    expect(await screen.findByText('Aceite')).toBeInTheDocument();
  });
});

describe('the figure of a proposal the client changed before signing (issue 33)', () => {
  it('shows the signed total, with the offer as "Proposta original"', async () => {
    renderWithProviders(<ProposalCard proposal={signed} canManage canDelete={false} onDelete={() => {}} />);
    expect(await screen.findByText(/^80,00\s€$/)).toBeInTheDocument();
    expect(screen.getByTestId('original-total').textContent?.replace(/\s/g, ' ')).toBe(
      'Proposta original: 100,00 €',
    );
  });

  it('shows the offer alone when the client agreed to it unchanged', async () => {
    renderWithProviders(
      <ProposalCard
        proposal={{ ...signed, agreedTotal: 100_00 }}
        canManage
        canDelete={false}
        onDelete={() => {}}
      />,
    );
    expect(await screen.findByText(/^100,00\s€$/)).toBeInTheDocument();
    expect(screen.queryByTestId('original-total')).not.toBeInTheDocument();
  });
});

describe('a cancelled proposal in the list (issue 37)', () => {
  it("offers 'Duplicar' but not 'Editar'", async () => {
    const cancelled: ProposalSummary = { ...signed, status: 'cancelled', signedAt: null, agreedTotal: null };
    renderWithProviders(
      <ProposalCard proposal={cancelled} canManage canDelete={false} canDuplicate onDelete={() => {}} />,
    );
    expect(await screen.findByText('Website')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar Website' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Duplicar Website' })).toBeInTheDocument();
  });
});
