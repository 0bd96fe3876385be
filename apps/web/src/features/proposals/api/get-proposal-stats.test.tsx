import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { useSidebarProposalCounts } from './get-proposal-stats';

function Counts() {
  const counts = useSidebarProposalCounts();
  return <output>{counts ? JSON.stringify(counts) : 'sem contagens'}</output>;
}

const byStatus = (draft: number) => ({
  draft,
  in_review: 1,
  approved: 0,
  sent: 4,
  viewed: 2,
  under_negotiation: 0,
  accepted: 3,
  signed: 0,
  rejected: 1,
  expired: 0,
  cancelled: 0,
});

afterEach(() => vi.unstubAllGlobals());

describe('useSidebarProposalCounts', () => {
  it('gives the five sidebar statuses and refetches them when the route changes', async () => {
    let draft = 5;
    const { fetchMock } = mockApi({
      'GET /proposals/stats': () =>
        jsonResponse(200, { data: { byStatus: byStatus(draft), total: 20, awaitingMyApproval: 2 } }),
    });
    const { router } = renderRoutes([{ path: '*', element: <Counts /> }], { route: '/dashboard' });

    expect(
      await screen.findByText(
        '{"draft":5,"sent":4,"viewed":2,"accepted":3,"rejected":1,"awaitingMyApproval":2}',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/proposals\/stats$/);

    draft = 6;
    await act(() => router.navigate('/clients'));
    expect(await screen.findByText(/"draft":6/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // A search typed on the same screen is not a route change.
    await act(() => router.navigate('/clients?search=ana'));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The sidebar's status links change only ?status=, and each is a new list.
    draft = 7;
    await act(() => router.navigate('/proposals'));
    expect(await screen.findByText(/"draft":7/)).toBeInTheDocument();
    draft = 8;
    await act(() => router.navigate('/proposals?status=draft'));
    expect(await screen.findByText(/"draft":8/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
