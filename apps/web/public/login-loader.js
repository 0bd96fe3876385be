// Starts the SPA on /login once the prerendered sign-in screen has painted (login.html, written by
// scripts/prerender.mjs, which moves the page's module script and its modulepreloads here as data-entry and
// data-preload). The screen then needs only the HTML and the CSS to appear, instead of sharing a slow
// connection with ~260 kB of JavaScript first; the SPA replaces it once loaded, as on any other route.
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
