import { VAT_REGION_LABELS, VAT_REGIONS, type VatRegion, vatRates } from '@aceite/shared/vat';
import { Select } from '@mantine/core';
import type { ReactNode } from 'react';

const OPTIONS = VAT_REGIONS.map((region) => ({
  value: region,
  label: `${VAT_REGION_LABELS[region]} (${vatRates(region).join(' / ')} %)`,
}));

interface VatRegionSettingsProps {
  value?: VatRegion | string;
  onChange?: (value: VatRegion) => void;
  error?: ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
}

/** Settings → Organização: where IVA is charged, so the editor offers that region's rates (docs/product.md#iva-per-line). */
export function VatRegionSettings({ value, onChange, error, onBlur, onFocus }: VatRegionSettingsProps) {
  return (
    <Select
      label="Região do IVA"
      description="As taxas que o editor de propostas oferece: as da região onde a organização fatura, e 0 % com o motivo de isenção."
      data={OPTIONS}
      value={value || 'continente'}
      allowDeselect={false}
      onChange={(next) => next && onChange?.(next as VatRegion)}
      error={error}
      onBlur={onBlur}
      onFocus={onFocus}
      maw={{ sm: 420 }}
    />
  );
}
