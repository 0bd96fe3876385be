import type { DeviceType } from '@aceite/shared/reading';

/**
 * Crawlers, link previewers and command-line clients: not a person reading (docs/product.md#reading). A
 * headless browser driven by a person's tests is still a browser; only self-declared robots are left out.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|lighthouse|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|python-urllib|go-http-client|java\/|okhttp|axios\/|node-fetch|httpclient/i;

export function isBot(userAgent: string | undefined | null): boolean {
  return !userAgent?.trim() || BOT.test(userAgent);
}

/** The kind of device, from the user agent: tablets first (an Android tablet says Android without Mobile). */
export function deviceTypeOf(userAgent: string | undefined | null): DeviceType {
  const ua = userAgent ?? '';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(ua)) return 'mobile';
  return 'desktop';
}
