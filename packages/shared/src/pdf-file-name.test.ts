import { describe, expect, it } from 'vitest';
import { proposalPdfFileName } from './pdf-file-name.ts';

describe('proposalPdfFileName', () => {
  it('keeps accents and drops what file systems refuse', () => {
    expect(proposalPdfFileName('Orçamento: Manutenção/Março')).toBe('Orçamento Manutenção Março.pdf');
    expect(proposalPdfFileName('a\u0000b\tc  "d"')).toBe('a b c d.pdf');
    expect(proposalPdfFileName('..\\..')).toBe('Proposta.pdf');
    expect(proposalPdfFileName('   ')).toBe('Proposta.pdf');
    expect(proposalPdfFileName('x'.repeat(300))).toBe(`${'x'.repeat(100)}.pdf`);
  });
});
