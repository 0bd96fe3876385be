/** Days a new proposal stays valid when the organization has not set its own (Settings → Organização). */
export const DEFAULT_VALIDITY_DAYS = 30;
