import type { ItemOptionalMode } from '@aceite/shared/client-choice';
import { formatDecimalPt } from '@aceite/shared/money';
import { Grid, NativeSelect } from '@mantine/core';
import type { ReactNode } from 'react';
import { DecimalInput } from '@/components/decimal-input';

const OPTIONAL_OPTIONS = [
  { value: '', label: 'Não' },
  { value: 'selected', label: 'Opcional, pré-selecionado' },
  { value: 'unselected', label: 'Opcional, não selecionado' },
];

export type ItemChoiceField = 'optional' | 'minQuantity' | 'maxQuantity';

interface ItemChoiceFieldsProps {
  /** The line's place in its form (`items.0`, `content.items.0`): the fields' `data-path`. */
  path: string;
  /** The line's quantity: the bounds' placeholder. */
  quantity: number | string;
  optional: '' | ItemOptionalMode;
  minQuantity: number | string;
  maxQuantity: number | string;
  minQuantityError: ReactNode;
  maxQuantityError: ReactNode;
  /** The row's grid: 24 columns in the proposal editor, Mantine's 12 in the template's. */
  columns?: 12 | 24;
  onChange: (field: ItemChoiceField, value: string | number) => void;
}

/**
 * What the client may change in a line on the public page (docs/product.md#client-choice): whether it is
 * optional (and starts selected) and the range of quantities they may choose; empty bounds are the quantity.
 * The same controls in a proposal's lines and a template's (issue 37).
 */
export function ItemChoiceFields({
  path,
  quantity,
  optional,
  minQuantity,
  maxQuantity,
  minQuantityError,
  maxQuantityError,
  columns = 24,
  onChange,
}: ItemChoiceFieldsProps) {
  const shown = typeof quantity === 'number' ? formatDecimalPt(quantity) : '';
  const part = (n: number) => (n * columns) / 24;
  return (
    <>
      <Grid.Col span={{ base: part(24), md: part(8) }}>
        <NativeSelect
          label="Opcional"
          data={OPTIONAL_OPTIONS}
          value={optional}
          data-path={`${path}.optional`}
          onChange={(event) => onChange('optional', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: part(12), md: part(4) }}>
        <DecimalInput
          label="Qtd. mínima"
          placeholder={shown}
          value={minQuantity}
          error={minQuantityError}
          data-path={`${path}.minQuantity`}
          onChange={(value) => onChange('minQuantity', value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: part(12), md: part(4) }}>
        <DecimalInput
          label="Qtd. máxima"
          placeholder={shown}
          value={maxQuantity}
          error={maxQuantityError}
          data-path={`${path}.maxQuantity`}
          onChange={(value) => onChange('maxQuantity', value)}
        />
      </Grid.Col>
    </>
  );
}
