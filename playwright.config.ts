import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { scaled, WORKERS } from './e2e/timing.ts';

// A free loopback port per run (workers inherit it through the environment), so several runs on one machine
// never collide; each run gets its own data folder too.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const PORT = Number(process.env.E2E_PORT);
// The port of the SSO spec's small DNS server (e2e/dns.ts), which the built server asks for the domain check.
process.env.E2E_DNS_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('dgram').createSocket('udp4');s.bind(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.E2E_DATA_DIR ??= `.data-test/e2e-${PORT}`;
const E2E_DATA_DIR = process.env.E2E_DATA_DIR;

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against the built
 * app on a fresh embedded database with the demo data.
 */
export default defineConfig({
  testDir: './e2e',
  // Workers and timeouts come from the machine, never from the `CI` variable: a contributor's `npm test` and CI
  // run the same suite the same way (e2e/timing.ts; docs/architecture.md#tests).
  fullyParallel: true,
  workers: WORKERS,
  // One retry, everywhere: a test that fails twice fails the run; one that passed on its retry is named FLAKY
  // at the end of the run (e2e/summary-reporter.ts) and in CI's log, to be fixed, but one timing accident on a
  // busy machine does not sink a contributor's run or a submission.
  retries: 1,
  // A committed `.only` is refused by Biome's lint in `npm test` (noFocusedTests is an error there), so a
  // contributor may still focus a test while working.
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  // Every timeout goes through one setting, E2E_TIMEOUT_SCALE (e2e/timing.ts).
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-PT',
    // A trace of the retry only, as Playwright advises: the first attempt pays nothing for it.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      // A test or group tagged @mobile runs at 360 px too, except a flow tagged @desktop inside it: that flow runs
      // once, on the desktop, and checks each of its screens at 360 px as it goes (expectAccessibleAtBothWidths
      // in e2e/fixtures.ts; docs/architecture.md#tests).
      grep: /@mobile/,
      grepInvert: /@desktop/,
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node apps/server/dist/server.js --seed-demo`,
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: scaled(60_000),
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: `http://127.0.0.1:${PORT}`,
      // The suite signs up, invites, uploads and emails far more than a person in an hour, from one address:
      // the abuse limits (issue 20) are tested by the API tests, not here.
      AUTH_RATE_LIMIT_MAX: '10000',
      AUTH_ACCOUNT_FAILURE_LIMIT: '10000',
      REGISTRATION_LIMIT_PER_IP_PER_HOUR: '10000',
      MAIL_LIMIT_PER_ORGANIZATION_PER_HOUR: '100000',
      MAIL_LIMIT_PER_RECIPIENT_PER_HOUR: '10000',
      PASSWORD_CHANGE_LIMIT_PER_HOUR: '10000',
      ANSWER_CODE_LIMIT_PER_RECIPIENT_PER_HOUR: '10000',
      UPLOADS_PER_ORGANIZATION_PER_HOUR: '100000',
      // The webhooks spec's receiver is http on loopback (unsafe outside tests: docs/integrations.md).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The SSO domain check asks the SSO spec's DNS server on loopback, never real DNS (e2e/dns.ts).
      SSO_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
});
