import { formatDecimalPt } from '@aceite/shared/money';
import { Grid, NativeSelect } from '@mantine/core';
import type { ReactNode } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import type { ItemValues, NumberValue } from './proposal-form-values';

const OPTIONAL_OPTIONS = [
  { value: '', label: 'Não' },
  { value: 'selected', label: 'Opcional, pré-selecionado' },
  { value: 'unselected', label: 'Opcional, não selecionado' },
];

interface ItemChoiceFieldsProps {
  item: ItemValues;
  index: number;
  minQuantityError: ReactNode;
  maxQuantityError: ReactNode;
  setField: (
    index: number,
    field: 'optional' | 'minQuantity' | 'maxQuantity',
    value: string | NumberValue,
  ) => void;
}

/**
 * What the client may change in a line on the public page (docs/product.md#client-choice): whether it is
 * optional (and starts selected) and the range of quantities they may choose; empty bounds are the quantity.
 */
export function ItemChoiceFields({
  item,
  index,
  minQuantityError,
  maxQuantityError,
  setField,
}: ItemChoiceFieldsProps) {
  const quantity = typeof item.quantity === 'number' ? formatDecimalPt(item.quantity) : '';
  return (
    <>
      <Grid.Col span={{ base: 24, md: 8 }}>
        <NativeSelect
          label="Opcional"
          data={OPTIONAL_OPTIONS}
          value={item.optional}
          data-path={`items.${index}.optional`}
          onChange={(event) => setField(index, 'optional', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <DecimalInput
          label="Qtd. mínima"
          placeholder={quantity}
          value={item.minQuantity}
          error={minQuantityError}
          data-path={`items.${index}.minQuantity`}
          onChange={(value) => setField(index, 'minQuantity', value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <DecimalInput
          label="Qtd. máxima"
          placeholder={quantity}
          value={item.maxQuantity}
          error={maxQuantityError}
          data-path={`items.${index}.maxQuantity`}
          onChange={(value) => setField(index, 'maxQuantity', value)}
        />
      </Grid.Col>
    </>
  );
}
