import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.ts';

describe('attachmentDisposition', () => {
  it('gives the UTF-8 name as filename* (RFC 5987) and an ASCII fallback', () => {
    const name = "ORC 2026-0038 - Orçamento D'Ávila (fase 1) Łódź.pdf";
    const header = attachmentDisposition(name);
    expect(header).toMatch(
      /^attachment; filename="ORC 2026-0038 - Orcamento D'Avila \(fase 1\) _odz\.pdf"; filename\*=UTF-8''/,
    );
    // RFC 5987's attr-char has no "'", "(" or ")": they are percent-encoded in filename*.
    expect(header.split("filename*=UTF-8''")[1]).not.toMatch(/[\s'()]/);
    expect(parse(header).parameters.filename).toBe(name);
  });

  it('gives a plain ASCII name once', () => {
    expect(attachmentDisposition('ORC 2026-0001 - Proposta.pdf')).toBe(
      'attachment; filename="ORC 2026-0001 - Proposta.pdf"',
    );
  });
});
