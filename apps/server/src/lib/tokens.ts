import { createHash, randomBytes } from 'node:crypto';

/** An opaque URL-safe token with 256 random bits (refresh, reset, invite and public tokens). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak live sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
