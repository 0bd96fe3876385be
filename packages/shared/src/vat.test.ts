import { describe, expect, it } from 'vitest';
import {
  normalRate,
  rateChangeNotice,
  rateChoices,
  ratesForRegion,
  regionalRate,
  VAT_EXEMPTION_CODES,
  vatRates,
  vatRegionOf,
} from './vat.ts';
import { exemptionMention, VAT_EXEMPTIONS, vatExemption } from './vat-exemptions.ts';

describe('IVA table', () => {
  it('gives each region its rates in force', () => {
    expect(vatRates('continente', '2026-01-01')).toEqual([23, 13, 6]);
    expect(vatRates('madeira', '2026-01-01')).toEqual([22, 12, 5]);
    expect(vatRates('acores', '2026-01-01')).toEqual([16, 9, 4]);
  });

  it('reads the rates by date: the newest row in force on that day', () => {
    // Açores' rates changed on 2021-07-01; the day before, the oldest known row is the answer.
    expect(vatRates('acores', '2021-07-01')).toEqual([16, 9, 4]);
    expect(vatRates('acores', '2021-06-30')).toEqual([16, 9, 4]);
  });

  it('lists the AT exemption codes with their mentions', () => {
    for (const code of ['M01', 'M02', 'M04', 'M05', 'M06', 'M07', 'M09', 'M10', 'M11', 'M12', 'M13', 'M14']) {
      expect(VAT_EXEMPTION_CODES).toContain(code);
    }
    for (const code of ['M15', 'M16', 'M19', 'M20', 'M21', 'M25', 'M26', 'M30', 'M31', 'M32', 'M33', 'M34']) {
      expect(VAT_EXEMPTION_CODES).toContain(code);
    }
    for (const code of ['M40', 'M41', 'M42', 'M43', 'M44', 'M45', 'M46', 'M99']) {
      expect(VAT_EXEMPTION_CODES).toContain(code);
    }
    expect(new Set(VAT_EXEMPTION_CODES).size).toBe(VAT_EXEMPTION_CODES.length);
    expect(VAT_EXEMPTIONS.map((e) => e.code)).toEqual([...VAT_EXEMPTION_CODES]);
    expect(vatExemption('M07')?.text).toBe('Isento artigo 9.º do CIVA');
    expect(exemptionMention('M07')).toBe('M07 – Isento artigo 9.º do CIVA');
    expect(vatExemption('M08')).toBeUndefined();
  });

  it('reads the region from the settings, continente by default', () => {
    expect(vatRegionOf({ vatRegion: 'madeira' })).toBe('madeira');
    expect(vatRegionOf({ vatRegion: 'lua' })).toBe('continente');
    expect(vatRegionOf(null)).toBe('continente');
  });

  it('offers the region rates, 0 % and any rate already in use', () => {
    expect(rateChoices('madeira')).toEqual([22, 12, 5, 0]);
    expect(rateChoices('continente', [21, 23])).toEqual([23, 21, 13, 6, 0]);
  });
});

describe('rates read again for the current region (issue 37)', () => {
  it('maps each rate to the one in the same place, keeps 0 % and rates no region has', () => {
    expect(regionalRate(23, 'madeira')).toBe(22);
    expect(regionalRate(13, 'acores')).toBe(9);
    expect(regionalRate(6, 'madeira')).toBe(5);
    expect(regionalRate(22, 'continente')).toBe(23);
    expect(regionalRate(16, 'madeira')).toBe(22);
    expect(regionalRate(0, 'acores')).toBe(0);
    expect(regionalRate(7.5, 'madeira')).toBe(7.5);
    expect(normalRate('acores')).toBe(16);
  });

  it('names the lines whose rate changed, the inherited ones included, and words the notice once per pair', () => {
    const items = [{ tax: null }, { tax: 6 }, { tax: 0 }, { tax: 23 }];
    const result = ratesForRegion(items, 23, 'madeira');
    expect(result.taxRate).toBe(22);
    expect(result.items.map((i) => i.tax)).toEqual([null, 5, 0, 22]);
    expect(result.changes).toEqual([
      { line: 0, from: 23, to: 22 },
      { line: 1, from: 6, to: 5 },
      { line: 3, from: 23, to: 22 },
    ]);
    expect(rateChangeNotice('madeira', result.changes)).toBe(
      'As taxas de IVA foram atualizadas para a região atual (Madeira): 23\u00a0% → 22\u00a0%, 6\u00a0% → 5\u00a0%.',
    );
    expect(ratesForRegion(items, 23, 'continente').changes).toEqual([]);
    expect(rateChangeNotice('continente', [])).toBeNull();
  });
});
