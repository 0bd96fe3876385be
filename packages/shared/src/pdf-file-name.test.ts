import { describe, expect, it } from 'vitest';
import { proposalPdfFileName } from './pdf-file-name.ts';

describe('proposalPdfFileName', () => {
  it('keeps accents and drops what file systems refuse', () => {
    expect(proposalPdfFileName({ title: 'Orçamento: Manutenção/Março' })).toBe(
      'Orçamento Manutenção Março.pdf',
    );
    expect(proposalPdfFileName({ title: 'a\u0000b\tc  "d"' })).toBe('a b c d.pdf');
    expect(proposalPdfFileName({ title: '..\\..' })).toBe('Proposta.pdf');
    expect(proposalPdfFileName({ title: '   ' })).toBe('Proposta.pdf');
    expect(proposalPdfFileName({ title: 'x'.repeat(300) })).toBe(`${'x'.repeat(100)}.pdf`);
  });

  it('starts with the proposal number, its "/" as a dash, and marks the sealed PDF', () => {
    expect(proposalPdfFileName({ number: 'ORC 2026/0038', title: 'Título' })).toBe(
      'ORC 2026-0038 - Título.pdf',
    );
    expect(proposalPdfFileName({ number: 'ORC 2026/0038', title: 'Título' }, { sealed: true })).toBe(
      'ORC 2026-0038 - Título (assinada).pdf',
    );
    expect(proposalPdfFileName({ number: null, title: 'Título' }, { sealed: true })).toBe(
      'Título (assinada).pdf',
    );
    expect(proposalPdfFileName({ number: 'ORC 2026/0001', title: '' })).toBe('ORC 2026-0001 - Proposta.pdf');
  });
});
