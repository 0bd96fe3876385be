import { describe, expect, it } from 'vitest';
import { canonicalContent, contentSha256, type ShownContent } from './content-hash.ts';

const shown: ShownContent = {
  title: 'Website',
  description: null,
  content: { items: [{ quantity: 2, name: 'Design', unitPrice: 150000 }], blocks: [] },
  subtotal: 300000,
  discountType: 'percentage',
  discountValue: 0,
  discountAmount: 0,
  taxRate: 23,
  taxAmount: 69000,
  totalValue: 369000,
  currency: 'EUR',
  validUntil: '2099-06-30',
};

describe('content hash', () => {
  it('writes RFC 8785 canonical JSON: sorted keys, whatever order the object was built in', () => {
    const json = canonicalContent({
      ...shown,
      content: { blocks: [], items: [{ unitPrice: 150000, name: 'Design', quantity: 2 }] },
    });
    expect(json).toBe(canonicalContent(shown));
    expect(
      json.startsWith('{"content":{"blocks":[],"items":[{"name":"Design","quantity":2,"unitPrice":150000}]}'),
    ).toBe(true);
  });

  it('ignores fields the client does not read (status, views) and changes with any that it does', async () => {
    const withExtras = { ...shown, status: 'viewed', viewCount: 3 } as ShownContent;
    expect(await contentSha256(withExtras)).toBe(await contentSha256(shown));
    expect(await contentSha256({ ...shown, totalValue: 369001 })).not.toBe(await contentSha256(shown));
  });

  it("is the SHA-256 of the canonical JSON (the value Node's crypto computes for it)", async () => {
    expect(await contentSha256(shown)).toBe(
      '8ea360b17bdd36b1822403abca397d0c6d2d5e72dbee2f865bc69c7b1568a96a',
    );
  });

  it('version 2 binds the SEPA terms, and a proposal without them hashes as under version 1 (issue 39)', async () => {
    const v1 = '8ea360b17bdd36b1822403abca397d0c6d2d5e72dbee2f865bc69c7b1568a96a';
    expect(await contentSha256({ ...shown, sepa: null })).toBe(v1);
    expect(await contentSha256({ ...shown, sepa: undefined })).toBe(v1);
    const terms = { pattern: 'monthly', instalments: 3, firstCollectionDate: '2099-07-01' };
    const withSepa = await contentSha256({ ...shown, sepa: terms });
    expect(withSepa).not.toBe(v1);
    // The creditor the page also shows is not part of the terms: the same hash.
    const shownSepa = { ...terms, creditorName: 'Acme', creditorIdentifier: 'PT11ZZZ123456' };
    expect(await contentSha256({ ...shown, sepa: shownSepa })).toBe(withSepa);
    expect(await contentSha256({ ...shown, sepa: { ...terms, instalments: 4 } })).not.toBe(withSepa);
    expect(canonicalContent({ ...shown, sepa: terms })).toContain(
      '"sepa":{"firstCollectionDate":"2099-07-01","instalments":3,"pattern":"monthly"}',
    );
  });
});
