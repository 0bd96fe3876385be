import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../apps/server/src/test/oidc-idp.ts';
import { type SamlTestIdp, startSamlIdp } from '../apps/server/src/test/saml-idp.ts';
import { startTxtServer } from './dns.ts';
import {
  apiSession,
  call,
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectAccessibleAtBothWidths,
  field,
  signInAt,
  test,
} from './fixtures.ts';
import { linkFromOutbox } from './mail.ts';

// Issue 40 (docs/product.md#single-sign-on): a person of an organization that signs in through its own OpenID
// provider types only the email on /login, signs in at the provider (a real `oidc-provider` on loopback, as in
// the API tests) and lands on the dashboard. The demo organization is Enterprise; the domain is proved through
// the spec's own DNS server (e2e/dns.ts, SSO_DNS_SERVERS in playwright.config.ts). The same test then switches
// the connection to SAML 2.0 (a loopback IdP whose page posts the signed response to the ACS, as in the API
// tests) and signs another person in the same way: one test, one admin session, for the CI's budget. The
// white-label's custom domain (docs/product.md#white-label) is proved through the same DNS server, so the file's
// tests take turns on its port instead of running side by side.
test.describe.configure({ mode: 'default' });

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

    // A member of the domain who has a password (invited before "Exigir SSO").
    const pedro = { email: `pedro.senha@${DOMAIN}`, password: 'senha-do-pedro-2026' };
    await call(request, admin.accessToken, 'POST', '/users/invite', {
      email: pedro.email,
      role: 'manager',
      teamId: null,
    });
    const invite = new URL(await linkFromOutbox(pedro.email, '/accept-invite')).searchParams.get('token');
    const accepted = await request.post(`/api/v1/invites/${invite}/accept`, {
      data: { firstName: 'Pedro', lastName: 'Senha', password: pedro.password },
    });
    expect(accepted.status()).toBe(201);

    // The connection becomes SAML 2.0 (the verified domain stays) and requires SSO, the demo admin as the
    // break-glass (the other demo members' emails are of no covered domain: the other specs still use passwords).
    samlIdp = await startSamlIdp();
    await call(request, admin.accessToken, 'PUT', '/settings/sso', {
      protocol: 'saml',
      samlMetadataUrl: samlIdp.metadataUrl,
      domains: [DOMAIN],
      defaultRole: 'viewer',
      enforce: true,
      breakGlassUserId: admin.user.id,
    });
    const signInByEmail = async (email: string) => {
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login');
      await field(page, 'Email').fill(email);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    };
    // Another person signs in through the IdP for the first time (JIT), then a second time: the same account.
    samlIdp.signInAs({ email: `rui.saml@${DOMAIN}`, firstName: 'Rui', lastName: 'Asserção' });
    const samlUser = await signInByEmail(`rui.saml@${DOMAIN}`);
    expect(samlUser).toMatchObject({ email: `rui.saml@${DOMAIN}`, firstName: 'Rui', role: 'viewer' });
    const again = await signInByEmail(`rui.saml@${DOMAIN}`);
    expect(again.id).toBe(samlUser.id);

    // "Exigir SSO": Pedro's right password is refused, and the page takes him to the provider instead.
    samlIdp.signInAs({ email: pedro.email, firstName: 'Pedro', lastName: 'Senha' });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await field(page, 'Email').fill(pedro.email);
    await field(page, 'Password').fill(pedro.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const pedroUser = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(pedroUser).toMatchObject({ email: pedro.email, role: 'manager' });
    const refused = await request.post('/api/v1/auth/login', {
      data: { email: pedro.email, password: pedro.password, rememberMe: false },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('SSO_REQUIRED');
  } finally {
    // The demo organization signs in with passwords again for the other specs.
    await call(request, admin.accessToken, 'DELETE', '/settings/sso');
    await idp?.close();
    await samlIdp?.close();
    await dns.close();
  }
});

// The custom domain of the client's pages (issue 40, docs/product.md#white-label): the admin of a fresh
// Enterprise organization (so the demo's pages and emails stay on the app's host for the other specs) sets and
// verifies the domain in Configurações → Segurança; a browser that resolves that name to the app's loopback
// address (Chromium's --host-resolver-rules, as a CNAME would) opens the client's page there with the
// organization's brand and no Aceite mark, and nothing else of the app.
const CUSTOM_HOST = 'propostas.empresa.test';
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('white-label: the admin verifies the custom domain, and the client’s page opens on it without the Aceite mark', {
  tag: '@desktop',
}, async ({ page, request }) => {
  const records = new Map<string, string[]>();
  const dns = await startTxtServer(Number(process.env.E2E_DNS_PORT), records);
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@e2e-marca-branca.pt`;
  const organizationName = `Marca Branca ${tag}`;
  const registered = await request.post('/api/v1/auth/register', {
    data: { email, password: DEMO_PASSWORD, firstName: 'Beatriz', lastName: 'Branca', organizationName },
  });
  expect(registered.status()).toBe(201);
  const organizationId = (await registered.json()).data.user.organizationId as string;
  const superadmin = await apiSession(request, DEMO.superadmin);
  await call(request, superadmin.accessToken, 'PUT', `/admin/organizations/${organizationId}/plan`, {
    plan: 'enterprise',
  });
  const customBrowser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--host-resolver-rules=MAP ${CUSTOM_HOST} 127.0.0.1`,
    ],
  });
  let admin: Awaited<ReturnType<typeof signInAt>> | undefined;
  try {
    // Configurações → Segurança: the domain, the records to publish, the refused check, then the verified one.
    admin = await signInAt(page, '/settings?tab=seguranca', email);
    await expect(page.getByRole('heading', { name: 'Domínio personalizado' })).toBeVisible();
    await expect(page.getByText('Ainda não configurou um domínio personalizado.')).toBeVisible();
    await page.getByLabel(/^Domínio das propostas/).fill(CUSTOM_HOST);
    await page.getByRole('button', { name: 'Guardar domínio' }).click();
    await expect(page.getByText('Por verificar')).toBeVisible();
    await expect(page.getByText(`_aceite-verification.${CUSTOM_HOST}`)).toBeVisible();
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await expect(page.getByText(/Não encontrámos o registo TXT/)).toBeVisible();
    const shown = await call<{ domain: { recordName: string; recordValue: string } }>(
      request,
      admin.accessToken,
      'GET',
      '/settings/custom-domain',
    );
    records.set(shown.domain.recordName, [shown.domain.recordValue]);
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await expect(page.getByText(/^Verificado em \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await expectAccessibleAtBothWidths(page);

    // The organization's brand, and a proposal sent to its client.
    await call(request, admin.accessToken, 'PUT', '/settings/organization', {
      name: organizationName,
      branding: { primaryColor: '#2f6b3a', logo: `data:image/png;base64,${PNG_1X1}` },
    });
    const client = await call<{ id: string }>(request, admin.accessToken, 'POST', '/clients', {
      name: 'Rita Cliente',
      email: `rita-${tag}@cliente.pt`,
    });
    const proposal = await call<{ publicToken: string }>(request, admin.accessToken, 'POST', '/proposals', {
      title: `Remodelação ${tag}`,
      clientId: client.id,
      status: 'sent',
      content: { blocks: [], items: [{ name: 'Obra', description: '', quantity: 1, unitPrice: 120000 }] },
    });
    const demo = await apiSession(request, DEMO.sales);
    const [foreign] = await call<{ publicToken: string }[]>(
      request,
      demo.accessToken,
      'GET',
      '/proposals?limit=1',
    );

    // The domain is https in production (the proxy's certificate, docs/deployment.md#custom-domains-white-label);
    // here it is http on loopback, whose files the CSP's upgrade-insecure-requests would ask over https (Chromium
    // exempts 127.0.0.1, not a name). The CSP itself is tested on the app's host (security.spec.ts).
    const context = await customBrowser.newContext({ locale: 'pt-PT', bypassCSP: true });
    const client$ = await context.newPage();
    const errors: string[] = [];
    client$.on('pageerror', (error) => errors.push(error.message));
    client$.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    const base = `http://${CUSTOM_HOST}:${process.env.E2E_PORT}`;
    const opened = await client$.goto(`${base}/p/${proposal.publicToken}`);
    expect(opened?.status()).toBe(200);
    await expect(client$.getByRole('heading', { level: 1, name: `Remodelação ${tag}` })).toBeVisible();
    await expect(client$.getByText(organizationName).first()).toBeVisible();
    await expect(client$.locator('img.pp-org-logo')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(client$.locator('.pp-page')).toHaveAttribute('style', /--pp-accent:\s*#2f6b3a/i);
    // Hydrated: the page's script took over (the answer buttons are enabled only then).
    await expect(client$.getByRole('button', { name: 'Aceitar' })).toBeEnabled();
    await expect(client$.getByText(`Proposta enviada por ${organizationName}.`)).toBeVisible();
    expect(await client$.content()).not.toContain('Aceite');
    await expect(client$).toHaveTitle(`Remodelação ${tag} · ${organizationName}`);
    await expectAccessible(client$);
    expect(errors).toEqual([]);
    // Another organization's link on this host, and the private app: not found.
    expect(foreign).toBeDefined();
    expect((await client$.goto(`${base}/p/${foreign?.publicToken}`))?.status()).toBe(404);
    expect((await client$.goto(`${base}/login`))?.status()).toBe(404);
    // The independent check of a sealed PDF, on the domain too: no Aceite logo, title or words.
    expect((await client$.goto(`${base}/verificar`))?.status()).toBe(200);
    await expect(client$.getByRole('heading', { level: 1, name: 'Verificar documento' })).toBeVisible();
    await expect(
      client$.getByText('Confirme se um PDF assinado foi selado e não foi alterado'),
    ).toBeVisible();
    await expect(client$).toHaveTitle('Verificar documento');
    expect(await client$.content()).not.toContain('Aceite');
    await context.close();
  } finally {
    await customBrowser.close();
    await dns.close();
  }
});
