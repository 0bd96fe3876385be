import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretBoxKey } from './secret-box.ts';

describe('secret box (secrets stored encrypted, docs/architecture.md)', () => {
  const key = secretBoxKey('segredo-do-servidor', 'sso-client-secret');

  it('opens what it sealed; the stored text shows nothing of the secret and differs each time', () => {
    const sealed = sealSecret(key, 'o-segredo-do-cliente');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('o-segredo');
    expect(sealSecret(key, 'o-segredo-do-cliente')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('o-segredo-do-cliente');
  });

  it('refuses another key, another purpose, an altered value and what is not sealed', () => {
    const sealed = sealSecret(key, 'o-segredo-do-cliente');
    expect(() => openSecret(secretBoxKey('outro-servidor', 'sso-client-secret'), sealed)).toThrow();
    expect(() => openSecret(secretBoxKey('segredo-do-servidor', 'outro-fim'), sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => openSecret(key, [version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => openSecret(key, 'texto simples')).toThrow();
  });
});
