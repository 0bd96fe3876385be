import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/*
 * Secrets an organization gives us and we must use again (the SSO client secret, issue 40) are kept encrypted
 * at rest: AES-256-GCM under a key derived from the server's secret (JWT_SECRET or the one in DATA_DIR), so a
 * copy of the database alone never yields them (docs/decisions.md, "Single sign-on (OpenID Connect)").
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */

/** The key for one purpose, derived from the server's secret so it is never the JWT key itself. */
export function secretBoxKey(serverSecret: string, purpose: string): Buffer {
  return createHmac('sha256', serverSecret).update(`aceite:secret-box:${purpose}`).digest();
}

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return `v1.${parts.join('.')}`;
}

/** The plaintext; throws when the value was not sealed under this key (or was altered). */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
