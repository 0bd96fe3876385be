import { startTestIdp, type TestIdp } from '../apps/server/src/test/oidc-idp.ts';
import { startTxtServer } from './dns.ts';
import {
  apiSession,
  call,
  DEMO,
  expect,
  expectAccessibleAtBothWidths,
  field,
  signInAt,
  test,
} from './fixtures.ts';

// Issue 40 (docs/product.md#single-sign-on): a person of an organization that signs in through its own OpenID
// provider types only the email on /login, signs in at the provider (a real `oidc-provider` on loopback, as in
// the API tests) and lands on the dashboard. The demo organization is Enterprise; the domain is proved through
// the spec's own DNS server (e2e/dns.ts, SSO_DNS_SERVERS in playwright.config.ts).

const DOMAIN = 'sso-e2e.pt';
const APP = `http://127.0.0.1:${process.env.E2E_PORT}`;

interface SsoSettings {
  connection: {
    domains: { domain: string; recordName: string; recordValue: string; verifiedAt: string | null }[];
  };
}

test("a member signs in with the email first, through the organization's provider, and lands on the dashboard", {
  tag: '@desktop',
}, async ({ page, request }) => {
  const records = new Map<string, string[]>();
  const dns = await startTxtServer(Number(process.env.E2E_DNS_PORT), records);
  let idp: TestIdp | undefined;
  const admin = await apiSession(request, DEMO.admin);
  try {
    idp = await startTestIdp(`${APP}/entrar/sso`);
    const saved = await call<SsoSettings>(request, admin.accessToken, 'PUT', '/settings/sso', {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: [DOMAIN],
      defaultRole: 'sales',
    });
    const [domain] = saved.connection.domains;
    if (!domain) throw new Error('the domain was not saved');
    records.set(domain.recordName, [domain.recordValue]);
    const verified = await call<SsoSettings>(
      request,
      admin.accessToken,
      'POST',
      `/settings/sso/domains/${DOMAIN}/verify`,
    );
    expect(verified.connection.domains[0]?.verifiedAt).not.toBeNull();

    // The admin's Configurações → Segurança: the connection, the redirect URI and the verified domain.
    await signInAt(page, '/settings?tab=seguranca', DEMO.admin);
    await expect(page.getByRole('heading', { name: 'Início de sessão único (SSO)' })).toBeVisible();
    await expect(page.getByText(`${APP}/entrar/sso`)).toBeVisible();
    await expect(page.getByText('Verificado', { exact: true })).toBeVisible();
    await expect(page.getByLabel(/^Client ID/)).toHaveValue(idp.clientId);
    await expectAccessibleAtBothWidths(page);
    await page.evaluate(() => localStorage.clear());

    // An answer this tab did not start (another person's sign-in slipped in) is refused before the API.
    await page.goto('/entrar/sso?code=alheio&state=alheio');
    await expect(page.getByText(/não foi iniciado neste separador/)).toBeVisible();
    await expectAccessibleAtBothWidths(page);

    idp.signInAs({ email: `ana.sso@${DOMAIN}`, givenName: 'Ana', familyName: 'Provedora' });
    await page.goto('/login');
    await field(page, 'Email').fill(`ana.sso@${DOMAIN}`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(user).toMatchObject({ email: `ana.sso@${DOMAIN}`, firstName: 'Ana', role: 'sales' });
  } finally {
    // The demo organization signs in with passwords again for the other specs.
    await call(request, admin.accessToken, 'DELETE', '/settings/sso');
    await idp?.close();
    await dns.close();
  }
});
