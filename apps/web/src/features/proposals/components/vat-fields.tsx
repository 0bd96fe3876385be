import { formatPercent } from '@aceite/shared/format-percent';
import { rateChoices, type VatRegion } from '@aceite/shared/vat';
import { Select, type SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { readDecimal } from '@/lib/decimal';
import type { NumberValue } from './proposal-form-values';

/** The select's value for "the proposal's rate" (an item with no IVA of its own). */
export const PROPOSAL_RATE = 'proposta';

/** A rate field's value as a number: NaN while empty or not a number. */
export function rateOf(value: NumberValue): number {
  return typeof value === 'number' ? value : readDecimal(value);
}

/** The rates offered (docs/product.md#iva-per-line): the region's, 0 % and any already in use. */
export function rateOptions(region: VatRegion, inUse: readonly number[]): { value: string; label: string }[] {
  return rateChoices(region, inUse).map((rate) => ({ value: String(rate), label: formatPercent(rate) }));
}

interface ProposalTaxRateSelectProps {
  region: VatRegion;
  value?: NumberValue;
  onChange?: (value: NumberValue) => void;
  error?: ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
}

/** "Taxa de IVA (%)" of the proposal: the region's rates and 0 %; a saved proposal's other rate stays offered. */
export function ProposalTaxRateSelect({
  region,
  value = '',
  onChange,
  error,
  onBlur,
  onFocus,
}: ProposalTaxRateSelectProps) {
  const current = rateOf(value);
  return (
    <Select
      label="Taxa de IVA (%)"
      data={rateOptions(region, [current])}
      value={Number.isFinite(current) ? String(current) : null}
      onChange={(next) => onChange?.(next === null ? '' : Number(next))}
      allowDeselect={false}
      error={error}
      onBlur={onBlur}
      onFocus={onFocus}
      data-path="taxRate"
    />
  );
}

interface ItemTaxSelectProps extends Pick<SelectProps, 'error'> {
  index: number;
  tax: NumberValue;
  /** The proposal's rate as shown ("23 %"), for the "Da proposta" choice. */
  defaultTax: string;
  options: { value: string; label: string }[];
  onChange: (value: NumberValue) => void;
}

/** A line's IVA: the proposal's (default) or one of the offered rates. */
export function ItemTaxSelect({ index, tax, defaultTax, options, onChange, error }: ItemTaxSelectProps) {
  const rate = rateOf(tax);
  const value = tax === '' || !Number.isFinite(rate) ? PROPOSAL_RATE : String(rate);
  const data = [
    { value: PROPOSAL_RATE, label: defaultTax ? `Da proposta (${defaultTax})` : 'Da proposta' },
    // A line's own rate outside the offer (older proposal, other region) stays selectable.
    ...(value !== PROPOSAL_RATE && !options.some((o) => o.value === value)
      ? [{ value, label: formatPercent(rate) }]
      : []),
    ...options,
  ];
  return (
    <Select
      label="IVA (%)"
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(next) => onChange(next === null || next === PROPOSAL_RATE ? '' : Number(next))}
      error={error}
      data-path={`items.${index}.tax`}
      comboboxProps={{ width: 'target', position: 'bottom-start' }}
    />
  );
}
