import { describe, expect, it } from 'vitest';
import { deviceTypeOf, isBot } from './user-agent.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36';

describe('user agents (docs/product.md#reading)', () => {
  it('tells phones, tablets and computers apart', () => {
    expect(deviceTypeOf(IPHONE)).toBe('mobile');
    expect(deviceTypeOf(ANDROID_PHONE)).toBe('mobile');
    expect(deviceTypeOf(ANDROID_TABLET)).toBe('tablet');
    expect(deviceTypeOf(IPAD)).toBe('tablet');
    expect(deviceTypeOf(DESKTOP)).toBe('desktop');
    expect(deviceTypeOf(undefined)).toBe('desktop');
  });

  it('takes crawlers, previewers and scripts for robots, browsers (even headless) for people', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'curl/8.5.0',
      'python-requests/2.31',
      '',
      undefined,
    ]) {
      expect(isBot(ua), String(ua)).toBe(true);
    }
    for (const ua of [IPHONE, ANDROID_PHONE, IPAD, DESKTOP]) expect(isBot(ua), ua).toBe(false);
  });
});
