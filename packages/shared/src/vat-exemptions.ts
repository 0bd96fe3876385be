import type { VatExemptionCode } from './vat.ts';

// The texts of the exemption codes in `vat.ts` (docs/product.md#iva-per-line): a module of its own so that only
// the screens, the public page and the PDF that show a reason load them.

/** A reason for charging no IVA, as the AT lists them (code, the mention on the document, the rule). */
export interface VatExemption {
  code: VatExemptionCode;
  /** The mention the document carries ("Isento artigo 9.º do CIVA"). */
  text: string;
  /** The legal rule it rests on. */
  law: string;
}

/** The AT's table of exemption and non-charging reasons (Portaria n.º 302/2016, SAF-T-PT `TaxExemptionCode`). */
export const VAT_EXEMPTIONS: readonly VatExemption[] = [
  { code: 'M01', text: 'Artigo 16.º, n.º 6 do CIVA', law: 'Artigo 16.º, n.º 6, alíneas a) a d) do CIVA' },
  {
    code: 'M02',
    text: 'Artigo 6.º do Decreto-Lei n.º 198/90, de 19 de junho',
    law: 'Artigo 6.º do Decreto-Lei n.º 198/90, de 19 de junho',
  },
  { code: 'M04', text: 'Isento artigo 13.º do CIVA', law: 'Artigo 13.º do CIVA' },
  { code: 'M05', text: 'Isento artigo 14.º do CIVA', law: 'Artigo 14.º do CIVA' },
  { code: 'M06', text: 'Isento artigo 15.º do CIVA', law: 'Artigo 15.º do CIVA' },
  { code: 'M07', text: 'Isento artigo 9.º do CIVA', law: 'Artigo 9.º do CIVA' },
  { code: 'M09', text: 'IVA – não confere direito a dedução', law: 'Artigo 62.º, alínea b) do CIVA' },
  { code: 'M10', text: 'IVA – regime de isenção', law: 'Artigo 53.º do CIVA' },
  { code: 'M11', text: 'Regime particular do tabaco', law: 'Decreto-Lei n.º 346/85, de 23 de agosto' },
  {
    code: 'M12',
    text: 'Regime da margem de lucro – Agências de viagens',
    law: 'Decreto-Lei n.º 221/85, de 3 de julho',
  },
  {
    code: 'M13',
    text: 'Regime da margem de lucro – Bens em segunda mão',
    law: 'Decreto-Lei n.º 199/96, de 18 de outubro',
  },
  {
    code: 'M14',
    text: 'Regime da margem de lucro – Objetos de arte',
    law: 'Decreto-Lei n.º 199/96, de 18 de outubro',
  },
  {
    code: 'M15',
    text: 'Regime da margem de lucro – Objetos de coleção e antiguidades',
    law: 'Decreto-Lei n.º 199/96, de 18 de outubro',
  },
  { code: 'M16', text: 'Isento artigo 14.º do RITI', law: 'Artigo 14.º do RITI' },
  { code: 'M19', text: 'Outras isenções', law: 'Isenções temporárias determinadas em diploma próprio' },
  { code: 'M20', text: 'IVA – regime forfetário', law: 'Artigo 59.º-D, n.º 2 do CIVA' },
  {
    code: 'M21',
    text: 'IVA – não confere direito à dedução (ou expressão similar)',
    law: 'Artigo 72.º, n.º 4 do CIVA',
  },
  { code: 'M25', text: 'Mercadorias à consignação', law: 'Artigo 38.º, n.º 1, alínea a) do CIVA' },
  {
    code: 'M26',
    text: 'Isenção de IVA com direito à dedução no cabaz alimentar',
    law: 'Lei n.º 17/2023, de 14 de abril',
  },
  { code: 'M30', text: 'IVA – autoliquidação', law: 'Artigo 2.º, n.º 1, alínea i) do CIVA' },
  { code: 'M31', text: 'IVA – autoliquidação', law: 'Artigo 2.º, n.º 1, alínea j) do CIVA' },
  { code: 'M32', text: 'IVA – autoliquidação', law: 'Artigo 2.º, n.º 1, alínea l) do CIVA' },
  { code: 'M33', text: 'IVA – autoliquidação', law: 'Artigo 2.º, n.º 1, alínea m) do CIVA' },
  { code: 'M34', text: 'IVA – autoliquidação', law: 'Artigo 2.º, n.º 1, alínea n) do CIVA' },
  { code: 'M40', text: 'IVA – autoliquidação', law: 'Artigo 6.º, n.º 6, alínea a) do CIVA, a contrário' },
  { code: 'M41', text: 'IVA – autoliquidação', law: 'Artigo 8.º, n.º 3 do RITI' },
  { code: 'M42', text: 'IVA – autoliquidação', law: 'Decreto-Lei n.º 21/2007, de 29 de janeiro' },
  { code: 'M43', text: 'IVA – autoliquidação', law: 'Decreto-Lei n.º 362/99, de 16 de setembro' },
  { code: 'M44', text: 'IVA – regras específicas – artigo 6.º do CIVA', law: 'Artigo 6.º do CIVA' },
  { code: 'M45', text: 'IVA – regime transfronteiriço de isenção', law: 'Artigo 58.º-A do CIVA' },
  { code: 'M46', text: 'IVA – e-TaxFree', law: 'Decreto-Lei n.º 19/2017, de 14 de fevereiro' },
  { code: 'M99', text: 'Não sujeito ou não tributado', law: 'Outras situações de não liquidação do imposto' },
];

export function vatExemption(code: string | null | undefined): VatExemption | undefined {
  return code ? VAT_EXEMPTIONS.find((e) => e.code === code) : undefined;
}

/** The mention a document carries for a code: "M07 – Isento artigo 9.º do CIVA" (the code alone if unknown). */
export function exemptionMention(code: string): string {
  const exemption = vatExemption(code);
  return exemption ? `${exemption.code} – ${exemption.text}` : code;
}
