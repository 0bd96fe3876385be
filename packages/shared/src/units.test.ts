import { describe, expect, it } from 'vitest';
import { pluralUnit, unitFor } from './units.ts';

describe('units agreeing with their number', () => {
  it('writes "de 12 a 36 meses", not "mês" (issue 37)', () => {
    expect(unitFor(36, 'mês')).toBe('meses');
    expect(unitFor(1, 'mês')).toBe('mês');
    expect(unitFor(1.5, 'hora')).toBe('horas');
    expect(unitFor(0, 'dia')).toBe('dias');
  });

  it("knows the product's units and leaves abbreviations as typed", () => {
    expect(['unidade', 'hora', 'dia', 'mês', 'ano', 'projeto', 'licença'].map(pluralUnit)).toEqual([
      'unidades',
      'horas',
      'dias',
      'meses',
      'anos',
      'projetos',
      'licenças',
    ]);
    expect(pluralUnit('utilizador')).toBe('utilizadores');
    expect(pluralUnit('Mês')).toBe('Meses');
    expect(pluralUnit('caixa')).toBe('caixas');
    for (const unit of ['un.', 'kg', 'm2', 'h']) expect(pluralUnit(unit)).toBe(unit);
  });
});
