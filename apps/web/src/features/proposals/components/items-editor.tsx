import { formatPercent } from '@aceite/shared/format-percent';
import { formatMoney } from '@aceite/shared/money';
import { lineTotal } from '@aceite/shared/totals';
import type { VatRegion } from '@aceite/shared/vat';
import { Button, Grid, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { lazy, memo, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ItemChoiceFields } from '@/components/items-editor/item-choice-fields';
import {
  ItemCard,
  RemoveItemAction,
  ItemsEditor as SharedItemsEditor,
} from '@/components/items-editor/items-editor';
import { useFocusOnMount } from '@/components/use-focus-on-mount';
import { readDecimal } from '@/lib/decimal';
import {
  eurosToCents,
  type ItemValues,
  type NumberValue,
  newItem,
  normalizeQuantity,
  type ProposalFormValues,
} from './proposal-form-values';
import { ItemTaxSelect, rateOf, rateOptions } from './vat-fields';

const ExemptionSelect = lazy(() => import('./exemption-select'));

type ItemField = keyof Omit<ItemValues, 'key'>;

interface ItemRowProps {
  item: ItemValues;
  index: number;
  nameError: ReactNode;
  descriptionError: ReactNode;
  quantityError: ReactNode;
  unitError: ReactNode;
  unitPriceError: ReactNode;
  discountError: ReactNode;
  taxError: ReactNode;
  minQuantityError: ReactNode;
  maxQuantityError: ReactNode;
  exemptionError: ReactNode;
  /** The proposal's IVA rate as shown in a line whose own IVA is empty ("23 %"). */
  defaultTax: string;
  /** The proposal's IVA rate (NaN while invalid): a line without its own is at this rate. */
  proposalRate: number;
  /** The rates a line may take (the organization's region, 0 % and those in use). */
  taxOptions: { value: string; label: string }[];
  /** Set for a line just added by hand: its name takes the focus once. */
  autoFocus: boolean;
  onAutoFocused: () => void;
  setField: (index: number, field: ItemField, value: string | NumberValue) => void;
  remove: (index: number) => void;
}

const keyOf = (item: ItemValues) => item.key;

function itemLineTotal(item: ItemValues): number {
  const cents = eurosToCents(item.unitPrice);
  const discount = readDecimal(item.discount);
  // A value still refused by its field counts as 0 here; the field says why.
  return lineTotal({
    quantity: normalizeQuantity(item.quantity),
    unitPrice: Number.isFinite(cents) ? cents : 0,
    discount: Number.isFinite(discount) ? Math.min(Math.max(discount, 0), 100) : 0,
  });
}

/** Same line, same look: compares the line's fields, since `@mantine/form` clones every value on each change. */
function sameRow(a: ItemRowProps, b: ItemRowProps): boolean {
  return (
    a.item.key === b.item.key &&
    a.item.name === b.item.name &&
    a.item.description === b.item.description &&
    a.item.quantity === b.item.quantity &&
    a.item.unit === b.item.unit &&
    a.item.unitPrice === b.item.unitPrice &&
    a.item.discount === b.item.discount &&
    a.item.tax === b.item.tax &&
    a.item.optional === b.item.optional &&
    a.item.minQuantity === b.item.minQuantity &&
    a.item.maxQuantity === b.item.maxQuantity &&
    a.minQuantityError === b.minQuantityError &&
    a.maxQuantityError === b.maxQuantityError &&
    a.item.exemption === b.item.exemption &&
    a.index === b.index &&
    a.nameError === b.nameError &&
    a.descriptionError === b.descriptionError &&
    a.quantityError === b.quantityError &&
    a.unitError === b.unitError &&
    a.unitPriceError === b.unitPriceError &&
    a.discountError === b.discountError &&
    a.taxError === b.taxError &&
    a.exemptionError === b.exemptionError &&
    a.defaultTax === b.defaultTax &&
    Object.is(a.proposalRate, b.proposalRate) &&
    a.taxOptions === b.taxOptions &&
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
  unitError,
  unitPriceError,
  discountError,
  taxError,
  minQuantityError,
  maxQuantityError,
  exemptionError,
  defaultTax,
  proposalRate,
  taxOptions,
  autoFocus,
  onAutoFocused,
  setField,
  remove,
}: ItemRowProps) {
  const n = index + 1;
  // At 0 % (its own or the proposal's) the line says why (docs/product.md#iva-per-line).
  const exempt = (item.tax === '' ? proposalRate : rateOf(item.tax)) === 0;
  const focusOnMount = useFocusOnMount(autoFocus, onAutoFocused);
  return (
    <ItemCard position={n} dense>
      <Grid columns={24} gap="xs" align="flex-start">
        <Grid.Col span={{ base: 24, md: 12 }}>
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
        <Grid.Col span={{ base: 24, md: 12 }}>
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
        <Grid.Col span={{ base: 12, md: 3 }}>
          <DecimalInput
            label="Quantidade"
            value={item.quantity}
            error={quantityError}
            data-path={`items.${index}.quantity`}
            onChange={(value) => setField(index, 'quantity', value)}
            onBlur={() => {
              // Quantity min 1, and 1 when invalid (empty, zero, text) (docs/product.md#totals).
              const normalized = normalizeQuantity(item.quantity);
              if (normalized !== item.quantity) setField(index, 'quantity', normalized);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput
            label="Unidade"
            placeholder="mês, hora…"
            autoComplete="off"
            maxLength={30}
            value={item.unit}
            error={unitError}
            data-path={`items.${index}.unit`}
            onChange={(event) => setField(index, 'unit', event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DecimalInput
            label="Preço unitário (€)"
            placeholder="0,00"
            money
            value={item.unitPrice}
            error={unitPriceError}
            data-path={`items.${index}.unitPrice`}
            onChange={(value) => setField(index, 'unitPrice', value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <DecimalInput
            label="Desconto (%)"
            value={item.discount}
            error={discountError}
            data-path={`items.${index}.discount`}
            onChange={(value) => setField(index, 'discount', value)}
          />
        </Grid.Col>
        {/* Wide enough for "Da proposta (23 %)" whole, at 1366 px and on a 360 px phone (issue 37). */}
        <Grid.Col span={{ base: 24, md: 6 }}>
          <ItemTaxSelect
            index={index}
            tax={item.tax}
            defaultTax={defaultTax}
            options={taxOptions}
            error={taxError}
            onChange={(value) => setField(index, 'tax', value)}
          />
        </Grid.Col>
        <ItemChoiceFields
          path={`items.${index}`}
          quantity={item.quantity}
          optional={item.optional}
          minQuantity={item.minQuantity}
          maxQuantity={item.maxQuantity}
          minQuantityError={minQuantityError}
          maxQuantityError={maxQuantityError}
          onChange={(field, value) => setField(index, field, value)}
        />
        {exempt && (
          <Grid.Col span={24}>
            <Suspense fallback={null}>
              <ExemptionSelect
                index={index}
                value={item.exemption}
                error={exemptionError}
                onChange={(value) => setField(index, 'exemption', value)}
              />
            </Suspense>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 24, md: 5 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mt={{ base: 0, md: 26 }}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" hiddenFrom="md">
                Total da linha
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(itemLineTotal(item))}
              </Text>
            </Stack>
            <RemoveItemAction position={n} onClick={() => remove(index)} />
          </Group>
        </Grid.Col>
      </Grid>
    </ItemCard>
  );
}, sameRow);

interface ItemsEditorProps {
  form: UseFormReturnType<ProposalFormValues>;
  /** The organization's IVA region (Settings → Organização): the rates offered. */
  vatRegion: VatRegion;
  onPickFromCatalogue: () => void;
}

/**
 * The priced lines: name, description, quantity (at least 1), unit, unit price in euros (sent as cents), and
 * the line's own discount and IVA (empty IVA: the proposal's rate), the same fields a template line has.
 */
export function ItemsEditor({ form, vatRegion, onPickFromCatalogue }: ItemsEditorProps) {
  const { items, taxRate } = form.getValues();
  const proposalTax = rateOf(taxRate);
  // The offer changes only with the region or the set of rates in use, so untouched rows keep their memo.
  const ratesInUse = [proposalTax, ...items.map((item) => rateOf(item.tax))].filter(Number.isFinite);
  const ratesKey = `${vatRegion}:${[...new Set(ratesInUse)].sort().join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: ratesKey stands for the region and the rates in use
  const taxOptions = useMemo(() => rateOptions(vatRegion, ratesInUse), [ratesKey]);
  const defaultTax = Number.isFinite(proposalTax) ? formatPercent(proposalTax) : '';
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
    <SharedItemsEditor
      items={items}
      keyOf={keyOf}
      empty="Ainda sem itens. Acrescente uma linha ou escolha produtos do catálogo."
      renderItem={(item, index) => (
        <ItemRow
          item={item}
          index={index}
          nameError={errors[`items.${index}.name`]}
          descriptionError={errors[`items.${index}.description`]}
          quantityError={errors[`items.${index}.quantity`]}
          unitError={errors[`items.${index}.unit`]}
          unitPriceError={errors[`items.${index}.unitPrice`]}
          discountError={errors[`items.${index}.discount`]}
          taxError={errors[`items.${index}.tax`]}
          minQuantityError={errors[`items.${index}.minQuantity`]}
          maxQuantityError={errors[`items.${index}.maxQuantity`]}
          exemptionError={errors[`items.${index}.exemption`]}
          defaultTax={defaultTax}
          proposalRate={proposalTax}
          taxOptions={taxOptions}
          autoFocus={focusKey === item.key}
          onAutoFocused={clearFocusKey}
          setField={setField}
          remove={remove}
        />
      )}
      addButtonsGap="sm"
      addButtons={
        <>
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
        </>
      }
    />
  );
}
