import { formatMoney, toCents } from '@aceite/shared/money';
import { computeTotals } from '@aceite/shared/totals';
import { Button, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DecimalInput } from '@/components/decimal-input';
import { IconAction } from '@/components/icon-action';
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

interface ItemsEditorProps {
  form: UseFormReturnType<TemplateFormValues>;
}

/** The template's items: description, quantity, unit, unit price in euros, discount and tax percentages. */
export function ItemsEditor({ form }: ItemsEditorProps) {
  const items = form.values.content.items;

  return (
    <Stack gap="sm">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Ainda não há itens. Os itens são os produtos e serviços que a proposta orçamenta.
        </Text>
      )}
      {items.map((item, index) => {
        const position = index + 1;
        const path = `content.items.${index}` as const;
        return (
          <Paper
            key={item.id}
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'md' }}
            component="fieldset"
            m={0}
            style={{ minWidth: 0 }}
            aria-label={`Item ${position}`}
          >
            <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {`Item ${position}`}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {`Total com IVA ${formatMoney(itemTotal(item))}`}
                </Text>
                <IconAction
                  label={`Remover item ${position}`}
                  tooltip="Remover item"
                  color="red"
                  onClick={() => form.removeListItem('content.items', index)}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </IconAction>
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
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => form.insertListItem('content.items', newItem())}
        >
          Adicionar item
        </Button>
      </Group>
    </Stack>
  );
}
