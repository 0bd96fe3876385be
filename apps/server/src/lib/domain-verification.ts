import { ssoVerificationRecordName, ssoVerificationRecordValue } from '@aceite/shared/schemas/sso';

/*
 * The one check that an organization controls a DNS name (issue 40): the SSO email domains
 * (docs/product.md#single-sign-on) and the custom domain of the client-facing pages (docs/product.md#white-label).
 */

/** node's `dns.promises.resolveTxt`, or the one a test injects (tests never ask real DNS). */
export type ResolveTxt = (name: string) => Promise<string[][]>;

/**
 * Whether the TXT record `_aceite-verification.<domain>` holds `aceite-verification=<token>` (one of its strings,
 * the chunks of a record joined). A failed lookup is a missing record.
 */
export async function txtRecordHolds(
  resolveTxt: ResolveTxt,
  domain: string,
  token: string,
): Promise<boolean> {
  const expected = ssoVerificationRecordValue(token);
  let records: string[][] = [];
  try {
    records = await resolveTxt(ssoVerificationRecordName(domain));
  } catch {
    records = [];
  }
  return records.some((chunks) => chunks.join('').trim() === expected);
}
