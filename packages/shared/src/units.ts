/**
 * A line's unit agreeing with its number, as pt-PT writes it: "1 mês", "de 12 a 36 meses" (issue 37). Zod-free:
 * the public page imports it. The product's units (docs/product.md#products) have their plurals here; a unit
 * typed by hand takes the regular ending when it has one and stays as typed otherwise (abbreviations like
 * "un.", "kg", "m2" do not change).
 */
const PLURALS: Record<string, string> = {
  unidade: 'unidades',
  hora: 'horas',
  dia: 'dias',
  mês: 'meses',
  semana: 'semanas',
  ano: 'anos',
  projeto: 'projetos',
  licença: 'licenças',
  usuário: 'utilizadores', // the stored 'usuário', shown as 'utilizador' (docs/product.md#products)
  utilizador: 'utilizadores',
  página: 'páginas',
  sessão: 'sessões',
  visita: 'visitas',
  pessoa: 'pessoas',
};

const RULES = new Intl.PluralRules('pt-PT');

/** The plural of a unit: the product's own list, else a word ending in a vowel takes "s"; anything else as is. */
export function pluralUnit(unit: string): string {
  const known = PLURALS[unit.toLowerCase()];
  if (known) return unit === unit.toLowerCase() ? known : known.charAt(0).toUpperCase() + known.slice(1);
  return /^\p{L}+[aeiouáéíóúâêô]$/iu.test(unit) ? `${unit}s` : unit;
}

/** The unit as it reads after `count`: "mês" for 1, "meses" for 12 or 1,5 (pt-PT's plural rule). */
export function unitFor(count: number, unit: string): string {
  return RULES.select(count) === 'one' ? unit : pluralUnit(unit);
}
