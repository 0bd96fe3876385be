import { formatMoney, toCents } from '@aceite/shared/money';
import { computeTotals } from '@aceite/shared/totals';
import type { VatRegion } from '@aceite/shared/vat';
import { Button, Grid, Group, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { DecimalInput } from '@/components/decimal-input';
import { ItemChoiceFields } from '@/components/items-editor/item-choice-fields';
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

/**
 * The template's items: name, description, quantity, unit, unit price in euros, discount and tax percentages,
 * and what the client may change (optional, range), the fields a proposal's line has (issue 37).
 */
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
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={`Nome do item ${position}`}
                  placeholder="Produto ou serviço"
                  autoComplete="off"
                  {...form.getInputProps(`${path}.name`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                {/* Several lines, as the client will read them in the proposal. */}
                <Textarea
                  label={`Descrição do item ${position}`}
                  autosize
                  minRows={1}
                  maxRows={6}
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
              {/* What the client may change on the public page, as in a proposal's line (issue 37). */}
              <ItemChoiceFields
                path={path}
                columns={12}
                quantity={item.quantity}
                optional={item.optional}
                minQuantity={item.minQuantity}
                maxQuantity={item.maxQuantity}
                minQuantityError={form.errors[`${path}.minQuantity`]}
                maxQuantityError={form.errors[`${path}.maxQuantity`]}
                onChange={(field, value) => form.setFieldValue(`${path}.${field}`, value)}
              />
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
