// Its own module, apart from the send dialog: the editor needs only this to ask for the dialog, and the
// dialog's code stays out of the editor's route budget (docs/performance.md, "Web").

/**
 * The navigation state 'Guardar e enviar' leaves for the proposal's page (issue 37): the page opens the send
 * dialog on arrival. Read leniently, since history state outlives deployments.
 */
export function sendOnArrivalState(send: boolean): { sendOnArrival: true } | undefined {
  return send ? { sendOnArrival: true } : undefined;
}

export function wantsSendOnArrival(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { sendOnArrival?: unknown }).sendOnArrival === true
  );
}
