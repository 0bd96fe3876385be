// The page's notifications ("Proposta aceite", "Não foi possível enviar…"): a small store and the host that draws
// it, instead of the UI kit's (docs/architecture.md, "The public page"). Each is an alert, read out as it appears.
// A modal <dialog> makes the rest of the page inert and sits above it, so while one is open its own host draws
// the notifications (page-dialog.tsx) and the page's stays empty.
import { IconCheck, IconX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';

interface Toast {
  id: number;
  tone: 'success' | 'error';
  message: string;
}

interface State {
  toasts: readonly Toast[];
  /** How many dialogs are open (nested: a confirmation over a form). */
  dialogs: number;
}

let state: State = { toasts: [], dialogs: 0 };
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function publish(toasts: readonly Toast[]): void {
  update({ toasts });
}

/** A dialog opened (+1) or closed (-1): see the header. */
export function trackDialog(change: 1 | -1): void {
  update({ dialogs: Math.max(0, state.dialogs + change) });
}

function dismiss(id: number): void {
  publish(state.toasts.filter((toast) => toast.id !== id));
}

function show(tone: Toast['tone'], message: string, autoCloseMs: number): void {
  const id = nextId++;
  publish([...state.toasts, { id, tone, message }]);
  setTimeout(() => dismiss(id), autoCloseMs);
}

export function notifySuccess(message: string): void {
  show('success', message, 4000);
}

/** Errors stay longer: there is more to read, and something to do. */
export function notifyError(message: string): void {
  show('error', message, 8000);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noToasts: readonly Toast[] = [];

const serverState: State = { toasts: noToasts, dialogs: 0 };

/** `inDialog`: the host an open dialog draws; the page's host draws nothing while a dialog is open. */
export function NotificationsHost({ inDialog = false }: { inDialog?: boolean }) {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
  if (current.toasts.length === 0 || (!inDialog && current.dialogs > 0)) return null;
  return (
    <div className="pp-toasts">
      {current.toasts.map((toast) => (
        <div key={toast.id} className="pp-toast" data-tone={toast.tone} role="alert">
          <span className="pp-toast-icon" aria-hidden="true">
            {toast.tone === 'success' ? <IconCheck size={18} /> : <IconX size={18} />}
          </span>
          <p className="pp-toast-message">{toast.message}</p>
          <button
            type="button"
            className="pp-dialog-close"
            aria-label="Fechar notificação"
            onClick={() => dismiss(toast.id)}
          >
            <IconX size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
