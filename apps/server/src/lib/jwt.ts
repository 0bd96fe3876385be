import { webcrypto } from 'node:crypto';
import type { Role } from '@aceite/shared/permissions';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Only our own HS256 tokens, meant for this API. */
const VERIFY_OPTIONS = { algorithms: ['HS256'], audience: 'aceite-api' };

/** What a verified access token says about the caller (docs/product.md#security-and-sessions). */
export interface AccessClaims {
  userId: string;
  organizationId: string | null;
  role: Role;
  /** Refresh-token family of this sign-in; logout revokes it. */
  sessionId: string;
  /** The superadmin's id while impersonating. */
  impersonatorId?: string;
  /**
   * Set when the caller is an API key, not a person (docs/product.md#api-keys): `userId` is then the key's own
   * id, which is no member's. Never in a token.
   */
  apiKey?: ApiKeyCaller;
  /**
   * The organization's trial end as of this request (null: a chosen plan), read where the session or key is
   * checked; past, the organization is read-only (lib/read-only.ts). Never in a token.
   */
  trialEndsAt?: Date | null;
}

/** The key behind a request: its id, and the admin who created it (the default owner of its proposals). */
export interface ApiKeyCaller {
  id: string;
  createdBy: string | null;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

export class AccessTokens {
  /**
   * The HMAC key imported once. Handed raw bytes, jose imports them through WebCrypto on every sign and verify,
   * which a profile under load showed among the largest costs of an authenticated read (docs/performance.md,
   * issue 26).
   */
  readonly #key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({
      org: claims.organizationId,
      role: claims.role,
      sid: claims.sessionId,
      ...(claims.impersonatorId ? { imp: claims.impersonatorId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .setAudience('aceite-api')
      .sign(await this.#key);
  }

  /**
   * Who a genuine access token was issued for, accepting one that expired up to 30 days ago. Only for the
   * public page: a member of the owning organization previewing the link is not counted as a view, and no
   * member, superadmin or impersonator may answer for the client (the page sends the stored token without
   * refreshing it). Never grants access to anything.
   */
  async identify(
    token: string,
  ): Promise<{ organizationId: string | null; role: string | null; impersonating: boolean } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        ...VERIFY_OPTIONS,
        clockTolerance: '30 days',
      });
      return {
        organizationId: typeof payload.org === 'string' ? payload.org : null,
        role: typeof payload.role === 'string' ? payload.role : null,
        impersonating: typeof payload.imp === 'string',
      };
    } catch {
      return null;
    }
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, VERIFY_OPTIONS);
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.role !== 'string'
      ) {
        return { ok: false, expired: false };
      }
      return {
        ok: true,
        claims: {
          userId: payload.sub,
          organizationId: typeof payload.org === 'string' ? payload.org : null,
          role: payload.role as Role,
          sessionId: payload.sid,
          impersonatorId: typeof payload.imp === 'string' ? payload.imp : undefined,
        },
      };
    } catch (error) {
      return { ok: false, expired: error instanceof errors.JWTExpired };
    }
  }
}
