import { contentSha256 } from '@aceite/shared/content-hash';
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * What the public page sends with a decision (docs/product.md#content-binding): the version it shows and the
 * SHA-256 of its canonical content, read the way the page reads it (without counting a view).
 */
export async function shownVersionViaApi(
  request: APIRequestContext,
  publicToken: string,
): Promise<{ version: number; contentSha256: string }> {
  const res = await request.get(`/api/v1/public/proposals/${publicToken}?refresh=1`);
  expect(res.status()).toBe(200);
  const proposal = (await res.json()).data;
  return { version: proposal.version, contentSha256: await contentSha256(proposal) };
}
