/**
 * The bell's failures are only logged, never shown (docs/product.md#notifications): the bell keeps what it
 * last had. A request cancelled by the query client (the menu closed, the screen left) is not a failure. (The
 * settings tab shows its failures instead, through its own callbacks.)
 */
export function logNotificationFailure(what: string, error: unknown): void {
  if (!(error instanceof DOMException && error.name === 'AbortError')) {
    console.warn(`Notificações: ${what} falhou`, error);
  }
}

export async function warnOnFailure<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    logNotificationFailure(what, error);
    throw error;
  }
}
