import {
  READING_RETENTION_MAX_MONTHS,
  READING_RETENTION_MIN_MONTHS,
} from '@aceite/shared/schemas/organization-settings';
import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Settings → Organização: how long the public page's per-visit reading records are kept before being
 * aggregated per proposal (docs/product.md#reading).
 */
export function ReadingRetentionSetting(props: NumberInputProps) {
  return (
    <NumberInput
      label="Conservação dos registos de leitura (meses)"
      description="Depois deste prazo, as visitas de cada proposta são apagadas e ficam só os totais (visitas, tempo e secções). Entre 1 e 60; por omissão 12."
      min={READING_RETENTION_MIN_MONTHS}
      max={READING_RETENTION_MAX_MONTHS}
      allowDecimal={false}
      allowNegative={false}
      maw={{ sm: 320 }}
      {...props}
    />
  );
}
