// The parts of the page that only matter once the client answers, loaded with import() on first need (or on
// intent: pointer over or focus in the answer form), so the initial JavaScript stays within 130 KB gzip.
type InteractionsModule = typeof import('./interactions');
type SignatureModule = typeof import('./signature-modal');

let interactions: Promise<InteractionsModule> | null = null;
let signature: Promise<SignatureModule> | null = null;

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

export type { InteractionsModule, SignatureModule };
