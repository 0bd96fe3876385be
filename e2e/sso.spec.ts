import { startTestIdp, type TestIdp } from '../apps/server/src/test/oidc-idp.ts';
import { type SamlTestIdp, startSamlIdp } from '../apps/server/src/test/saml-idp.ts';
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
// the spec's own DNS server (e2e/dns.ts, SSO_DNS_SERVERS in playwright.config.ts). The same test then switches
// the connection to SAML 2.0 (a loopback IdP whose page posts the signed response to the ACS, as in the API
// tests) and signs another person in the same way: one test, one admin session, for the CI's budget.

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
  let samlIdp: SamlTestIdp | undefined;
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
    // The SAML choice: our entity id and ACS to copy (checked for accessibility with the rest of the tab).
    await page.getByRole('radio', { name: 'SAML 2.0' }).check();
    await expect(page.getByText(`${APP}/api/v1/auth/sso/saml/acs`)).toBeVisible();
    await expect(page.getByLabel(/^URL dos metadados SAML/)).toBeVisible();
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

    // The connection becomes SAML 2.0 (the verified domain stays); another person signs in through the IdP.
    samlIdp = await startSamlIdp();
    await call(request, admin.accessToken, 'PUT', '/settings/sso', {
      protocol: 'saml',
      samlMetadataUrl: samlIdp.metadataUrl,
      domains: [DOMAIN],
      defaultRole: 'viewer',
    });
    samlIdp.signInAs({ email: `rui.saml@${DOMAIN}`, firstName: 'Rui', lastName: 'Asserção' });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await field(page, 'Email').fill(`rui.saml@${DOMAIN}`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const samlUser = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(samlUser).toMatchObject({ email: `rui.saml@${DOMAIN}`, firstName: 'Rui', role: 'viewer' });
  } finally {
    // The demo organization signs in with passwords again for the other specs.
    await call(request, admin.accessToken, 'DELETE', '/settings/sso');
    await idp?.close();
    await samlIdp?.close();
    await dns.close();
  }
});
