import { DEFAULT_TIME_ZONE } from '@aceite/shared/dates';
import { useAuthStore } from '@/lib/auth-store';

/**
 * The signed-in member's organization's time zone (`/auth/me`'s `organization.timeZone`; Lisbon while the user
 * loads): the calendar of its proposals' validity and of its SEPA dates, never the browser's
 * (docs/product.md#validity-and-expiry).
 */
export function useOrganizationTimeZone(): string {
  return useAuthStore((state) => state.user?.organization?.timeZone) ?? DEFAULT_TIME_ZONE;
}
