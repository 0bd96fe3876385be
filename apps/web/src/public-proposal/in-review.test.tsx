import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicProposalApp } from './public-proposal-app';
import { makeProposal, ok, stubFetch, TOKEN } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public page while a change waits for approval (issue 34)', () => {
  it("says 'em revisão' instead of offering accept, sign or reject", async () => {
    stubFetch(() => ok(makeProposal({ inReview: true, isActionable: false })));
    render(<PublicProposalApp publicToken={TOKEN} env="test" />);

    expect(await screen.findByRole('heading', { name: 'Proposta em revisão' })).toBeVisible();
    expect(screen.getByText(/foi alterada e está em revisão/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Aceitar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Assinar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rejeitar/ })).toBeNull();
    expect(screen.queryByText('Esta proposta já não pode ser respondida.')).toBeNull();
  });

  it('offers the answers again once approved', async () => {
    stubFetch(() => ok(makeProposal()));
    render(<PublicProposalApp publicToken={TOKEN} env="test" />);
    expect(await screen.findByRole('button', { name: /Aceitar/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Proposta em revisão' })).toBeNull();
  });
});
