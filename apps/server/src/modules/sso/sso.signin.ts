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
import { hashToken } from '@/lib/tokens.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  insertUser,
  selectUserByEmail,
  selectUserById,
  updateUserLastLogin,
} from '@/modules/auth/auth.queries.ts';
import { type AuthDeps, issueSession, type RequestMeta } from '@/modules/auth/auth.service.ts';
import { discover, ProviderUnreachableError } from './sso.oidc.ts';
import {
  insertFlow,
  type SsoConnectionRow,
  selectConnection,
  selectConnectionForDomain,
  selectDomain,
  takeFlow,
} from './sso.queries.ts';

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
    return await discover(
      {
        issuer: connection.issuer,
        clientId: connection.clientId,
        clientSecret: openSecret(deps.secretKey, connection.clientSecretEncrypted),
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
  query: { state: string; rawQuery: string },
  meta: RequestMeta,
): Promise<AuthSession> {
  const db = deps.auth.db;
  const flow = await takeFlow(db, hashToken(query.state), now());
  if (!flow) throw new AppError('INVALID_TOKEN', SSO_MESSAGES.flowInvalid);
  const scope = { db, organizationId: flow.organizationId };
  const connection = await selectConnection(scope);
  if (!connection) throw new AppError('INVALID_TOKEN', SSO_MESSAGES.flowInvalid);
  const config = await configurationOf(deps, connection);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${deps.redirectUri}?${query.rawQuery}`),
      {
        pkceCodeVerifier: flow.codeVerifier,
        expectedNonce: flow.nonce,
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
    if (error instanceof ProviderUnreachableError)
      throw new AppError('UNAVAILABLE', SSO_MESSAGES.providerUnreachable);
    throw new AppError('UNAUTHENTICATED', SSO_MESSAGES.providerFailed);
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!claims || !email.includes('@')) throw new AppError('UNAUTHENTICATED', SSO_MESSAGES.providerFailed);
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
  if (user.organizationId !== flow.organizationId)
    throw new AppError('FORBIDDEN', SSO_MESSAGES.emailOfOtherAccount);
  if (!user.isActive || (user.organization !== null && !user.organization.isActive))
    throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
  await updateUserLastLogin(db, user.id);
  await recordAudit(db, {
    organizationId: user.organizationId,
    actorId: user.id,
    action: 'auth.sso_login',
    metadata: { provisioned, issuer: connection.issuer },
    ip: meta.ip,
  });
  return issueSession(deps.auth, user, false, meta);
}
