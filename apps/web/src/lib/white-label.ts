/**
 * Whether this page is served on a white-label organization's own domain (docs/product.md#white-label): the
 * server marks every HTML page it sends there with `data-white-label` on <html> (apps/server/src/plugins/
 * custom-host.ts), and the client's pages then name no Aceite. False on the app's own host and on the server.
 */
export function isWhiteLabelHost(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-white-label');
}

/** A tab title: '{title} · Aceite' on the app's own host, the title alone on a white-label host. */
export function withProductName(title: string): string {
  return isWhiteLabelHost() ? title : `${title} · Aceite`;
}
