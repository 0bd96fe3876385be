import { formatMoney } from '@aceite/shared/money';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBook2, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useState } from 'react';
import {
  eurosToCents,
  type ItemValues,
  type NumberValue,
  newItem,
  normalizeQuantity,
  type ProposalFormValues,
} from './proposal-form-values';

/** Decimal comma as people type it in Portugal; a dot is accepted too. */
export const EURO_INPUT_PROPS = {
  decimalSeparator: ',',
  allowedDecimalSeparators: ['.', ','] as string[],
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
  inputMode: 'decimal',
} as const;

type ItemField = keyof Omit<ItemValues, 'key'>;

interface ItemRowProps {
  item: ItemValues;
  index: number;
  nameError: ReactNode;
  descriptionError: ReactNode;
  quantityError: ReactNode;
  unitPriceError: ReactNode;
  /** Set for a line just added by hand: its name takes the focus once. */
  autoFocus: boolean;
  onAutoFocused: () => void;
  setField: (index: number, field: ItemField, value: string | NumberValue) => void;
  remove: (index: number) => void;
}

function lineTotal(item: ItemValues): number {
  return Math.round(normalizeQuantity(item.quantity) * eurosToCents(item.unitPrice));
}

/** Same line, same look: compares the line's fields, since `@mantine/form` clones every value on each change. */
function sameRow(a: ItemRowProps, b: ItemRowProps): boolean {
  return (
    a.item.key === b.item.key &&
    a.item.name === b.item.name &&
    a.item.description === b.item.description &&
    a.item.quantity === b.item.quantity &&
    a.item.unitPrice === b.item.unitPrice &&
    a.index === b.index &&
    a.nameError === b.nameError &&
    a.descriptionError === b.descriptionError &&
    a.quantityError === b.quantityError &&
    a.unitPriceError === b.unitPriceError &&
    a.autoFocus === b.autoFocus &&
    a.onAutoFocused === b.onAutoFocused &&
    a.setField === b.setField &&
    a.remove === b.remove
  );
}

/**
 * One priced line. Memoised: typing in one line (or anywhere else in the editor) re-renders only that
 * line, so long proposals stay responsive.
 */
const ItemRow = memo(function ItemRow({
  item,
  index,
  nameError,
  descriptionError,
  quantityError,
  unitPriceError,
  autoFocus,
  onAutoFocused,
  setField,
  remove,
}: ItemRowProps) {
  const n = index + 1;
  const focusOnMount = useCallback(
    (node: HTMLInputElement | null) => {
      if (!node || !autoFocus) return;
      node.focus();
      onAutoFocused();
    },
    [autoFocus, onAutoFocused],
  );
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Item ${n}`}>
      <Grid columns={24} gap="xs" align="flex-start">
        <Grid.Col span={{ base: 24, md: 7 }}>
          <TextInput
            label="Nome"
            placeholder="Produto ou serviço"
            ref={focusOnMount}
            value={item.name}
            error={nameError}
            data-path={`items.${index}.name`}
            onChange={(event) => setField(index, 'name', event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 7 }}>
          {/* Several lines, as the client will read them (the detail and public pages keep the breaks). */}
          <Textarea
            label="Descrição"
            autosize
            minRows={1}
            maxRows={6}
            value={item.description}
            error={descriptionError}
            data-path={`items.${index}.description`}
            onChange={(event) => setField(index, 'description', event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 9, md: 3 }}>
          <NumberInput
            label="Quantidade"
            min={1}
            step={1}
            decimalScale={2}
            decimalSeparator=","
            allowedDecimalSeparators={['.', ',']}
            allowNegative={false}
            inputMode="decimal"
            value={item.quantity}
            error={quantityError}
            data-path={`items.${index}.quantity`}
            onChange={(value) => setField(index, 'quantity', value)}
            onBlur={() => {
              // Spec §5: quantity min 1, and 1 when invalid (empty, zero, text).
              const normalized = normalizeQuantity(item.quantity);
              if (normalized !== item.quantity) setField(index, 'quantity', normalized);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 15, md: 4 }}>
          <NumberInput
            label="Preço unitário (€)"
            placeholder="0,00"
            min={0}
            step={0.01}
            {...EURO_INPUT_PROPS}
            value={item.unitPrice}
            error={unitPriceError}
            data-path={`items.${index}.unitPrice`}
            onChange={(value) => setField(index, 'unitPrice', value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 3 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mt={{ base: 0, md: 26 }}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" hiddenFrom="md">
                Total da linha
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(lineTotal(item))}
              </Text>
            </Stack>
            <Tooltip label={`Remover item ${n}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remover item ${n}`}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}, sameRow);

interface ItemsEditorProps {
  form: UseFormReturnType<ProposalFormValues>;
  onPickFromCatalogue: () => void;
}

/** The priced lines: name, description, quantity (at least 1) and unit price in euros (sent as cents). */
export function ItemsEditor({ form, onPickFromCatalogue }: ItemsEditorProps) {
  const { items } = form.getValues();
  const { errors, setFieldValue, removeListItem, insertListItem } = form;
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // Stable callbacks (the form's own setters are stable), so untouched rows skip re-rendering.
  const setField = useCallback(
    (index: number, field: ItemField, value: string | NumberValue) =>
      setFieldValue(`items.${index}.${field}`, value),
    [setFieldValue],
  );
  const remove = useCallback((index: number) => removeListItem('items', index), [removeListItem]);
  const clearFocusKey = useCallback(() => setFocusKey(null), []);

  const add = () => {
    const item = newItem();
    setFocusKey(item.key);
    insertListItem('items', item);
  };

  return (
    <Stack gap="sm">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Ainda sem itens. Acrescente uma linha ou escolha produtos do catálogo.
        </Text>
      )}
      {items.map((item, index) => (
        <ItemRow
          key={item.key}
          item={item}
          index={index}
          nameError={errors[`items.${index}.name`]}
          descriptionError={errors[`items.${index}.description`]}
          quantityError={errors[`items.${index}.quantity`]}
          unitPriceError={errors[`items.${index}.unitPrice`]}
          autoFocus={focusKey === item.key}
          onAutoFocused={clearFocusKey}
          setField={setField}
          remove={remove}
        />
      ))}
      <Group gap="sm">
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add}>
          Adicionar item
        </Button>
        <Button
          variant="default"
          leftSection={<IconBook2 size={16} aria-hidden="true" />}
          onClick={onPickFromCatalogue}
        >
          Do catálogo
        </Button>
      </Group>
    </Stack>
  );
}
