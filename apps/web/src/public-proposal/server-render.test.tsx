import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readInitialPage } from './initial-page';
import { bootIslands } from './islands-client';
import { PublicProposalApp } from './public-proposal-app';
import { renderPublicPage } from './server-render';
import { makeProposal, ok, stubFetch, TOKEN } from './test-fixtures';

// The page the server sends (server-render.tsx) hydrated as main.tsx does (docs/architecture.md, "The public
// page"): its islands only, with the same markup, no second read of the proposal, one visit counted.
let root: Root | null = null;
let stopIslands: (() => void) | null = null;
afterEach(() => {
  act(() => root?.unmount());
  act(() => stopIslands?.());
  root = null;
  stopIslands = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function serve(page: Parameters<typeof renderPublicPage>[0]) {
  const { markup, data } = renderPublicPage(page, TOKEN);
  document.body.innerHTML = `<div id="root">${markup}</div>${data}`;
  return document.getElementById('root') as HTMLElement;
}

describe('the public page rendered on the server', () => {
  it('hydrates without a mismatch or a second read, then counts the visit once', async () => {
    const fetchMock = stubFetch((path, init) =>
      path === `/api/v1/public/proposals/${TOKEN}/views` && init.method === 'POST'
        ? ok({ viewCount: 3, status: 'viewed' })
        : ok([]),
    );
    const container = serve({ kind: 'ready', proposal: makeProposal() });
    expect(container.textContent).toContain('Website institucional');
    // The team's tracking is not the client's (issue 37): no count of views, no 'Visualizada'.
    expect(container.textContent?.toLowerCase()).not.toContain('visualiza');
    // Until React runs the page, what the client would change is disabled: a click or a name typed into the
    // server's markup would be lost.
    const answer = () => screen.getByRole('button', { name: 'Aceitar' });
    expect(answer()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Nome completo/ })).toBeDisabled();
    // The document is the server's HTML; the browser takes over the islands alone.
    const islands = [...container.querySelectorAll('[data-island]')].map((el) =>
      el.getAttribute('data-island'),
    );
    expect(islands).toEqual(['document', 'sepa', 'files', 'choice', 'answer', 'messages', 'notifications']);
    // The document's own HTML, without the islands it holds (the SEPA schedule, the files).
    const documentMarkup = () => {
      const article = container.querySelector('[data-island="document"] article')?.cloneNode(true) as Element;
      for (const island of article.querySelectorAll('[data-island]')) island.replaceChildren();
      return article.outerHTML;
    };
    const before = documentMarkup();
    const errors: unknown[] = [];
    const initial = readInitialPage();
    if (initial?.kind !== 'ready') throw new Error('no proposal embedded');
    await act(async () => {
      stopIslands = bootIslands(TOKEN, initial.proposal, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    await waitFor(() => expect(answer()).toBeEnabled());
    expect(screen.getByRole('textbox', { name: /Nome completo/ })).toBeEnabled();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/views'))).toHaveLength(1),
    );
    // The islands ran; the document's HTML is the server's, untouched.
    expect(documentMarkup()).toBe(before);
    // Counted as viewed on the server, the page still says 'Enviada' to the client.
    expect(screen.getByText('Enviada')).toBeInTheDocument();
    expect(container.textContent?.toLowerCase()).not.toContain('visualiza');
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls.filter((c) => c.endsWith(`/views`))).toHaveLength(1);
    expect(calls.filter((c) => c === `GET /api/v1/public/proposals/${TOKEN}`)).toEqual([]);
  });

  it('embeds user text as data the browser reads back unchanged', () => {
    const title = 'A </script><script>alert(1)</script> <!-- b';
    serve({ kind: 'ready', proposal: makeProposal({ title }) });
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readInitialPage()).toMatchObject({ kind: 'ready', proposal: { title } });
  });

  it('a link the server could not show is not read again without a session', async () => {
    const fetchMock = stubFetch(() => ok(makeProposal()));
    const container = serve({ kind: 'not-found' });
    await act(async () => {
      root = hydrateRoot(container, <PublicProposalApp publicToken={TOKEN} initial={readInitialPage()} />);
    });
    expect(screen.getByRole('heading', { name: 'Proposta não encontrada' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
