import { describe, expect, it } from 'vitest';
import { privacyContactHref, privacyNotice } from './privacy-notice.ts';

const base = { organizationName: 'Atlântico Digital', contactName: 'Rui Vendas', contactEmail: 'rui@atl.pt' };

describe('privacyNotice (docs/product.md#personal-data)', () => {
  it('names the organization, its contact, the purpose and links the privacy contact', () => {
    const notice = privacyNotice({ ...base, privacyContact: 'dpo@atl.pt' });
    expect(notice.text).toBe(`${notice.before}dpo@atl.pt${notice.after}`);
    expect(notice.text).toContain('tratados por Atlântico Digital (contacto: Rui Vendas, rui@atl.pt)');
    expect(notice.text).toContain('para registar a sua resposta a esta proposta');
    expect(notice.link).toEqual({ label: 'dpo@atl.pt', href: 'mailto:dpo@atl.pt' });
  });

  it('says the page measures reading and when the per-visit records go (docs/product.md#reading)', () => {
    expect(privacyNotice(base).after).toContain('mede também o tempo de leitura de cada secção');
    expect(privacyNotice(base).after).toContain('ao fim de 12 meses');
    expect(privacyNotice({ ...base, readingRetentionMonths: 1 }).after).toContain('ao fim de 1 mês');
  });

  it("links a web address as it is, and falls back to the owner's email without a privacy contact", () => {
    expect(privacyNotice({ ...base, privacyContact: 'https://atl.pt/privacidade' }).link.href).toBe(
      'https://atl.pt/privacidade',
    );
    for (const none of [null, undefined, '', '  ']) {
      expect(privacyNotice({ ...base, privacyContact: none }).link).toEqual({
        label: 'rui@atl.pt',
        href: 'mailto:rui@atl.pt',
      });
    }
    expect(privacyContactHref('https://x.pt/a@b')).toBe('https://x.pt/a@b');
  });
});
