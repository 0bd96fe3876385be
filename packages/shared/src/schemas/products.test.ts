import { describe, expect, it } from 'vitest';
import { PRODUCT_UNITS, unitLabel } from './products.ts';

describe('product units', () => {
  it("reads every unit in pt-PT: the stored 'usuário' is shown as 'utilizador'", () => {
    expect(unitLabel('usuário')).toBe('utilizador');
    expect(PRODUCT_UNITS.map(unitLabel)).toEqual([
      'unidade',
      'hora',
      'dia',
      'mês',
      'ano',
      'projeto',
      'licença',
      'utilizador',
    ]);
    expect(unitLabel('kg')).toBe('kg');
  });
});
