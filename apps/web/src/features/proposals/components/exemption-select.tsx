import { VAT_EXEMPTIONS } from '@aceite/shared/vat-exemptions';
import { Select, type SelectProps } from '@mantine/core';

// Loaded only when a line is at 0 % (items-editor.tsx): the AT's list of reasons and their texts stay out of the
// editor's first load (docs/architecture.md#budgets).
const EXEMPTION_OPTIONS = VAT_EXEMPTIONS.map((e) => ({ value: e.code, label: `${e.code} – ${e.text}` }));

interface ExemptionSelectProps extends Pick<SelectProps, 'error'> {
  index: number;
  value: string;
  onChange: (value: string) => void;
}

/** At 0 %: why there is no IVA, from the AT's list (required; docs/product.md#iva-per-line). */
export default function ExemptionSelect({ index, value, onChange, error }: ExemptionSelectProps) {
  return (
    <Select
      label="Motivo de isenção"
      placeholder="Escolha o motivo (ex.: M07)"
      withAsterisk
      searchable
      nothingFoundMessage="Nenhum motivo encontrado"
      data={EXEMPTION_OPTIONS}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      data-path={`items.${index}.exemption`}
    />
  );
}
