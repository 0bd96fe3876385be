import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { mayUse } from '@aceite/shared/plans';
import type { AuthSession } from '@aceite/shared/schemas/auth';
import { SSO_MESSAGES, type SsoStartResult } from '@aceite/shared/schemas/sso';
import * as oidc from 'openid-client';
import type { Db } from '@/db/client.ts';
import { isUniqueViolation } from '@/db/errors.ts';
import { AppError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import { assertWithinPlan } from '@/lib/entitlements.ts';
import { hashPassword } from '@/lib/password.ts';
import { openSecret } from '@/lib/secret-box.ts';
import type { OutboundPolicy } from '@/lib/ssrf-guard.ts';
import { hashToken, newOpaqueToken } from '@/lib/tokens.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  insertUser,
  selectUserByEmail,
  selectUserById,
  updateUserLastLogin,
} from '@/modules/auth/auth.queries.ts';
import { type AuthDeps, issueSession, type RequestMeta } from '@/modules/auth/auth.service.ts';
import { discoverCached, isProviderUnreachable } from './sso.oidc.ts';
import {
  answerSamlFlow,
  insertFlow,
  recordSamlAssertion,
  type SsoConnectionRow,
  selectConnection,
  selectConnectionForDomain,
  selectDomain,
  selectOpenSamlFlow,
  takeFlow,
} from './sso.queries.ts';
import {
  authnRequestUrl,
  type IdpMetadata,
  SamlResponseError,
  spEndpointsOf,
  validateSamlResponse,
} from './sso.saml.ts';

/*
 * The sign-in with the organization's identity provider (issue 40, docs/product.md#single-sign-on): the
 * Authorization Code flow with PKCE (S256), state and nonce, kept server-side for ten minutes and used once
 * (docs/decisions.md, "Single sign-on (OpenID Connect)"). The session it ends with is the password sign-in's
 * own (auth.service.ts `issueSession`), so it is revoked the same way.
 */

const FLOW_TTL_MS = 10 * 60_000;

export interface SsoSignInDeps {
  auth: AuthDeps;
  secretKey: Buffer;
  redirectUri: string;
  outbound: OutboundPolicy;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

async function configurationOf(deps: SsoSignInDeps, connection: SsoConnectionRow) {
  try {
    return await discoverCached(
      {
        issuer: connection.issuer,
        clientId: connection.clientId ?? '',
        clientSecret: openSecret(deps.secretKey, connection.clientSecretEncrypted ?? ''),
      },
      deps.outbound,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', SSO_MESSAGES.providerUnreachable);
  }
}

/**
 * The sign-in page's first step: an email of a verified domain whose organization has a connection (and a
 * plan with SSO) starts SSO; any other answers that the password applies.
 */
export async function startSso(deps: SsoSignInDeps, email: string): Promise<SsoStartResult> {
  const connection = await selectConnectionForDomain(deps.auth.db, domainOf(email));
  if (!connection || !mayUse(connection.plan, 'sso')) return { mode: 'password' };
  if (connection.protocol === 'saml') return startSaml(deps, connection);
  const config = await configurationOf(deps, connection);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await insertFlow(deps.auth.db, {
    stateHash: hashToken(state),
    organizationId: connection.organizationId,
    codeVerifier,
    nonce,
    expiresAt: new Date(now().getTime() + FLOW_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: deps.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: email,
  });
  return { mode: 'sso', authorizationUrl: url.href };
}

/** The SAML connection's identity provider, as stored from its metadata. */
function idpOf(connection: SsoConnectionRow): IdpMetadata {
  return {
    entityId: connection.issuer,
    ssoUrl: connection.samlSsoUrl ?? '',
    certificates: connection.samlCertificates ?? [],
  };
}

/**
 * SAML: an AuthnRequest by HTTP-Redirect. Its ID (the InResponseTo the response must carry) is kept with the
 * RelayState's hash for ten minutes, like the OIDC state; the RelayState comes back with the response and then
 * to /entrar/sso as `state` (the tab's check, src/lib/sso-flow.ts).
 */
async function startSaml(deps: SsoSignInDeps, connection: SsoConnectionRow): Promise<SsoStartResult> {
  const relayState = oidc.randomState();
  const { url, requestId } = await authnRequestUrl(
    spEndpointsOf(deps.auth.appUrl, connection.organizationId),
    idpOf(connection),
    relayState,
  );
  await insertFlow(deps.auth.db, {
    stateHash: hashToken(relayState),
    organizationId: connection.organizationId,
    protocol: 'saml',
    samlRequestId: requestId,
    expiresAt: new Date(now().getTime() + FLOW_TTL_MS),
  });
  return { mode: 'sso', authorizationUrl: url };
}

/**
 * The ACS: the identity provider posted the response. It must answer the AuthnRequest of the flow its
 * RelayState names, be signed by the provider's certificate, be for us (audience, recipient, destination), be
 * in its time and never seen before (sso_saml_assertions). The browser is then sent to /entrar/sso with a
 * one-time code for the flow, which the page exchanges through the callback, as for OIDC: the session is
 * answered to the page that started the sign-in, never put in a URL.
 */
export async function acceptSamlResponse(
  deps: SsoSignInDeps,
  body: { SAMLResponse?: string; RelayState?: string },
  /** Where the reason a response was refused goes (the log: the person sees the general message). */
  logRefusal: (reason: string) => void = () => {},
): Promise<string> {
  const db = deps.auth.db;
  if (!body.SAMLResponse) throw new AppError('VALIDATION_ERROR', SSO_MESSAGES.samlMissing);
  const at = now();
  const relayState = body.RelayState ?? '';
  const flow = relayState ? await selectOpenSamlFlow(db, hashToken(relayState), at) : undefined;
  if (!flow?.samlRequestId) throw new AppError('INVALID_TOKEN', SSO_MESSAGES.samlResponseUnsolicited);
  const connection = await selectConnection({ db, organizationId: flow.organizationId });
  if (connection?.protocol !== 'saml')
    throw new AppError('INVALID_TOKEN', SSO_MESSAGES.samlResponseUnsolicited);
  let accepted: Awaited<ReturnType<typeof validateSamlResponse>>;
  try {
    accepted = await validateSamlResponse(
      spEndpointsOf(deps.auth.appUrl, flow.organizationId),
      idpOf(connection),
      flow.samlRequestId,
      body.SAMLResponse,
      at,
    );
  } catch (error) {
    if (!(error instanceof SamlResponseError)) throw error;
    logRefusal(error.message);
    throw error.kind === 'unsolicited'
      ? new AppError('INVALID_TOKEN', SSO_MESSAGES.samlResponseUnsolicited)
      : new AppError('UNAUTHENTICATED', SSO_MESSAGES.samlResponseInvalid);
  }
  if (!(await recordSamlAssertion(db, flow.organizationId, accepted.assertionId, accepted.expiresAt, at)))
    throw new AppError('UNAUTHENTICATED', SSO_MESSAGES.samlReplay);
  if (!accepted.email.includes('@')) throw new AppError('UNAUTHENTICATED', SSO_MESSAGES.providerFailed);
  const code = newOpaqueToken();
  const profile = {
    email: accepted.email,
    ...(accepted.firstName ? { firstName: accepted.firstName } : {}),
    ...(accepted.lastName ? { lastName: accepted.lastName } : {}),
  };
  const scope = { db, organizationId: flow.organizationId };
  if (!(await answerSamlFlow(scope, hashToken(relayState), hashToken(code), profile)))
    throw new AppError('INVALID_TOKEN', SSO_MESSAGES.samlResponseUnsolicited);
  const query = new URLSearchParams({ code, state: relayState });
  return `${deps.redirectUri}?${query.toString()}`;
}

function namesOf(claims: Record<string, unknown>, email: string): { firstName: string; lastName: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given) return { firstName: given, lastName: family || '-' };
  const name = text(claims.name);
  if (name) {
    const [first, ...rest] = name.split(/\s+/);
    return { firstName: first ?? name, lastName: rest.join(' ') || '-' };
  }
  return { firstName: email.slice(0, email.indexOf('@')).slice(0, 100), lastName: '-' };
}

async function provision(
  db: Db,
  connection: SsoConnectionRow,
  email: string,
  claims: Record<string, unknown>,
): Promise<string> {
  // No password: a random one no one knows, hashed like any other (the column is never empty).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db
    .transaction(async (tx) => {
      await assertWithinPlan({ db: tx, organizationId: connection.organizationId }, 'users');
      const user = await insertUser(tx, {
        organizationId: connection.organizationId,
        email,
        ...namesOf(claims, email),
        role: connection.defaultRole as 'manager' | 'sales' | 'viewer',
        passwordHash,
      });
      return user.id;
    })
    .catch((error: unknown) => {
      // Two first sign-ins of one person racing: the unique email decides, the second signs in.
      if (isUniqueViolation(error, 'users_email_key')) return '';
      throw error;
    });
}

/**
 * The provider sent the person back: the state names the flow (used once), openid-client exchanges the code
 * with the PKCE verifier and checks the ID token (signature, issuer, audience, nonce, expiry). The email must
 * be of a domain the organization verified; its member signs in (a deactivated one is refused), or a new one
 * is made with the connection's role (JIT).
 */
export async function finishSso(
  deps: SsoSignInDeps,
  query: { state: string; code?: string; rawQuery: string },
  meta: RequestMeta,
): Promise<AuthSession> {
  const db = deps.auth.db;
  const flow = await takeFlow(db, hashToken(query.state), now());
  if (!flow) throw new AppError('INVALID_TOKEN', SSO_MESSAGES.flowInvalid);
  const scope = { db, organizationId: flow.organizationId };
  const connection = await selectConnection(scope);
  if (!connection || connection.protocol !== flow.protocol)
    throw new AppError('INVALID_TOKEN', SSO_MESSAGES.flowInvalid);
  if (flow.protocol === 'saml') {
    // The ACS accepted the response and gave this code to the browser; the code is used once with the flow.
    if (!flow.samlCodeHash || !flow.samlProfile || flow.samlCodeHash !== hashToken(query.code ?? ''))
      throw new AppError('INVALID_TOKEN', SSO_MESSAGES.flowInvalid);
    const { email, firstName, lastName } = flow.samlProfile;
    return signInByEmail(deps, connection, email, { given_name: firstName, family_name: lastName }, meta);
  }
  const config = await configurationOf(deps, connection);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${deps.redirectUri}?${query.rawQuery}`),
      {
        pkceCodeVerifier: flow.codeVerifier ?? '',
        expectedNonce: flow.nonce ?? '',
        expectedState: query.state,
        idTokenExpected: true,
      },
    );
    const idToken = tokens.claims();
    claims = idToken;
    // Many providers put the email in the ID token; the others (oidc-provider by default) in the UserInfo
    // answer, which openid-client ties to the ID token's subject.
    if (idToken && typeof idToken.email !== 'string')
      claims = { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
  } catch (error) {
    if (isProviderUnreachable(error)) throw new AppError('UNAVAILABLE', SSO_MESSAGES.providerUnreachable);
    throw new AppError('UNAUTHENTICATED', SSO_MESSAGES.providerFailed);
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!claims || !email.includes('@')) throw new AppError('UNAUTHENTICATED', SSO_MESSAGES.providerFailed);
  return signInByEmail(deps, connection, email, claims, meta);
}

/**
 * What both protocols do once the provider vouched for an email (one home: OIDC's callback and SAML's code
 * exchange). The email must be of a domain the organization verified; its member signs in (a deactivated one
 * is refused), or a new one is made with the connection's role (JIT).
 */
async function signInByEmail(
  deps: SsoSignInDeps,
  connection: SsoConnectionRow,
  email: string,
  claims: Record<string, unknown>,
  meta: RequestMeta,
): Promise<AuthSession> {
  const db = deps.auth.db;
  const scope = { db, organizationId: connection.organizationId };
  // The organization proved it holds the domain (TXT record): its provider speaks for that domain's addresses,
  // and only for them (docs/decisions.md, "Single sign-on (OpenID Connect)").
  const domain = await selectDomain(scope, domainOf(email));
  if (!domain?.verifiedAt) throw new AppError('FORBIDDEN', SSO_MESSAGES.emailNotCovered);
  let user = await selectUserByEmail(db, email);
  let provisioned = false;
  if (!user) {
    const id = await provision(db, connection, email, claims);
    provisioned = id !== '';
    user = id ? await selectUserById(db, id) : await selectUserByEmail(db, email);
    if (!user) throw new Error('provisioned user vanished');
  }
  if (user.organizationId !== connection.organizationId)
    throw new AppError('FORBIDDEN', SSO_MESSAGES.emailOfOtherAccount);
  if (!user.isActive || (user.organization !== null && !user.organization.isActive))
    throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
  await updateUserLastLogin(db, user.id);
  await recordAudit(db, {
    organizationId: user.organizationId,
    actorId: user.id,
    action: 'auth.sso_login',
    metadata: { provisioned, issuer: connection.issuer, protocol: connection.protocol },
    ip: meta.ip,
  });
  return issueSession(deps.auth, user, false, meta);
}
