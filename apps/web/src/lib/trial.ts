import { READ_ONLY_MESSAGE, type TrialState, trialState } from '@aceite/shared/trial';
import { useAuthStore } from './auth-store';

/**
 * Where the organization's trial stands (docs/product.md#plans), from the signed-in user the shell already
 * loads (`/auth/me`): no request of its own. A stored session from before the field reads as no trial.
 */
export function useTrial(): TrialState {
  const trialEndsAt = useAuthStore((state) => state.user?.organization?.trialEndsAt ?? null);
  return trialState(trialEndsAt, new Date());
}

/** Why nothing new can be made (the server's own refusal), or null while the organization may write. */
export function useReadOnlyReason(): string | null {
  return useTrial().kind === 'ended' ? READ_ONLY_MESSAGE : null;
}
