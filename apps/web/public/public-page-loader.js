// Starts the public page's script on /p/{token} once the proposal rendered by the server has painted
// (apps/server/src/lib/public-page.ts moves the page's module script and its modulepreloads here as data-entry
// and data-preload). The proposal then needs only the HTML and the CSS to appear, instead of sharing a slow
// connection with the page's JavaScript first; the script then hydrates what is on screen
// (docs/architecture.md, "The public page"). /login once used the same approach; it now has its own small
// entry (docs/decisions.md, "Issue 27 — a lighter sign-in and landing").
(() => {
  const loader = document.currentScript;
  const entry = loader?.dataset.entry;
  if (!entry) return;
  const preloads = (loader.dataset.preload ?? '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The frame callback runs when the first frame is about to paint; the timeout lets that paint happen.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
