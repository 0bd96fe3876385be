// The parts of the page that only matter once the client answers, loaded with import() on first need (or on
// intent: pointer over or focus in the answer form), so the initial JavaScript stays within 130 KB gzip.
type InteractionsModule = typeof import('./interactions');
type SignatureModule = typeof import('./signature-modal');
type MessageDialogModule = typeof import('./message-dialog');

let interactions: Promise<InteractionsModule> | null = null;
let signature: Promise<SignatureModule> | null = null;
let messageDialog: Promise<MessageDialogModule> | null = null;

/** Dialogs (accept, reject) and notifications. A failed load (offline) is retried on the next call. */
export function loadInteractions(): Promise<InteractionsModule> {
  interactions ??= import('./interactions').catch((error: unknown) => {
    interactions = null;
    throw error;
  });
  return interactions;
}

/** The signature modal with signature_pad. */
export function loadSignature(): Promise<SignatureModule> {
  signature ??= import('./signature-modal').catch((error: unknown) => {
    signature = null;
    throw error;
  });
  return signature;
}

/** The client's question / change request dialog (docs/product.md#client-questions-and-change-requests). */
export function loadMessageDialog(): Promise<MessageDialogModule> {
  messageDialog ??= import('./message-dialog').catch((error: unknown) => {
    messageDialog = null;
    throw error;
  });
  return messageDialog;
}

export type { InteractionsModule, MessageDialogModule, SignatureModule };
