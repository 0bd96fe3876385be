import { formatMoney, toCents } from '@aceite/shared/money';
import { computeTotals } from '@aceite/shared/totals';
import type { VatRegion } from '@aceite/shared/vat';
import { Button, Grid, Group, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { DecimalInput } from '@/components/decimal-input';
import {
  ItemCard,
  RemoveItemAction,
  ItemsEditor as SharedItemsEditor,
} from '@/components/items-editor/items-editor';
import { readDecimal } from '@/lib/decimal';
import { newItem, type TemplateFormItem, type TemplateFormValues } from './template-form-values';

/** What a number input holds, as a number (empty and refused text count as 0). */
const asNumber = (value: number | string) => {
  const number = readDecimal(value);
  return Number.isFinite(number) ? number : 0;
};

/** The line's total with its discount and tax, in cents (the proposal's own computation). */
export function itemTotal(item: TemplateFormItem): number {
  return computeTotals({
    items: [{ quantity: asNumber(item.quantity), unitPrice: toCents(asNumber(item.unitPrice)) }],
    discountType: 'percentage',
    discountValue: asNumber(item.discount),
    taxRate: asNumber(item.tax),
  }).totalValue;
}

const keyOf = (item: TemplateFormItem) => item.id;

interface ItemsEditorProps {
  form: UseFormReturnType<TemplateFormValues>;
  /** The organization's IVA region: a new line starts at its normal rate (issue 37). */
  vatRegion?: VatRegion;
}

/** The template's items: description, quantity, unit, unit price in euros, discount and tax percentages. */
export function ItemsEditor({ form, vatRegion }: ItemsEditorProps) {
  const items = form.values.content.items;

  return (
    <SharedItemsEditor
      items={items}
      keyOf={keyOf}
      empty="Ainda não há itens. Os itens são os produtos e serviços que a proposta orçamenta."
      renderItem={(item, index) => {
        const position = index + 1;
        const path = `content.items.${index}` as const;
        return (
          <ItemCard position={position}>
            <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {`Item ${position}`}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {`Total com IVA ${formatMoney(itemTotal(item))}`}
                </Text>
                <RemoveItemAction
                  position={position}
                  tooltip="Remover item"
                  onClick={() => form.removeListItem('content.items', index)}
                />
              </Group>
            </Group>
            <Grid gap="sm">
              <Grid.Col span={12}>
                <TextInput
                  label={`Descrição do item ${position}`}
                  autoComplete="off"
                  {...form.getInputProps(`${path}.description`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
                <DecimalInput label="Quantidade" {...form.getInputProps(`${path}.quantity`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
                <TextInput label="Unidade" autoComplete="off" {...form.getInputProps(`${path}.unit`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4, md: 4 }}>
                <DecimalInput
                  label="Preço unitário"
                  money
                  leftSection="€"
                  {...form.getInputProps(`${path}.unitPrice`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 6, md: 2 }}>
                <DecimalInput label="Desconto (%)" {...form.getInputProps(`${path}.discount`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 6, md: 2 }}>
                <DecimalInput label="IVA (%)" {...form.getInputProps(`${path}.tax`)} />
              </Grid.Col>
            </Grid>
          </ItemCard>
        );
      }}
      addButtons={
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => form.insertListItem('content.items', newItem(vatRegion))}
        >
          Adicionar item
        </Button>
      }
    />
  );
}
