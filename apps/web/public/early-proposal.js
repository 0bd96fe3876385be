// Starts the proposal's read on /p/{token} while the page's own JavaScript is still downloading, so the proposal
// can paint as soon as that code runs (docs/performance.md, "Web"). Served as is (not bundled): a tiny async
// module loaded by public-proposal.html. The request is the one src/public-proposal/api.ts makes for the first
// read (same headers: a signed-in member's session travels along, so a preview is not counted as a view), and
// that code takes its response instead of asking again. Should that code have started its own read first, this
// does nothing: one visit, one request, one view.
const match = /^\/p\/([^/]+)\/?$/.exec(window.location.pathname);
if (match && !window.__aceiteProposalRead) {
  window.__aceiteProposalRead = true;
  const headers = { Accept: 'application/json' };
  try {
    const token = window.localStorage.getItem('accessToken');
    if (token) headers.Authorization = `Bearer ${token}`;
  } catch {
    // Storage can be blocked: the read goes without a session, as src/public-proposal/api.ts does.
  }
  window.__aceiteEarlyProposal = {
    path: match[1],
    response: fetch(`/api/v1/public/proposals/${match[1]}`, {
      headers,
      credentials: 'omit',
      cache: 'no-store',
    }),
  };
  // A failure is reported by the page when it takes the response; never as an unhandled rejection here.
  window.__aceiteEarlyProposal.response.catch(() => {});
}
