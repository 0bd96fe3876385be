import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso, todayIso } from '@/features/proposals/components/dates';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ProposalNewPage } from './proposal-new-page';

vi.setConfig({ testTimeout: 60_000 });
const USER = buildUser({ role: 'sales' });

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});
afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
  vi.unstubAllGlobals();
});

/** The picker shows dates as dd/mm/aaaa whatever the browser's language (issue 19). */
const shown = (iso: string) => iso.split('-').reverse().join('/');

const branding = (proposalValidityDays: number) => ({
  name: 'Acme',
  primaryColor: '#007bff',
  logo: null,
  proposalValidityDays,
});

describe('ProposalNewPage default validity', () => {
  it("fills 'Válida até' with today plus the organization's validity days", async () => {
    mockApi({
      'GET /settings/organization/branding': () => jsonResponse(200, { data: branding(15) }),
      'GET /clients': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes([{ path: '/proposals/new', element: <ProposalNewPage /> }], { route: '/proposals/new' });
    expect(await screen.findByLabelText('Válida até')).toHaveValue(shown(addDaysIso(todayIso(), 15)));
  });

  it('adds 30 days when the organization has not set a validity', async () => {
    mockApi({
      'GET /settings/organization/branding': () =>
        jsonResponse(200, { data: { name: 'Acme', primaryColor: '#007bff', logo: null } }),
      'GET /clients': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes([{ path: '/proposals/new', element: <ProposalNewPage /> }], { route: '/proposals/new' });
    expect(await screen.findByLabelText('Válida até')).toHaveValue(shown(addDaysIso(todayIso(), 30)));
  });
});
