import { MESSAGES } from '@aceite/shared/messages';
import { fromCents, toCents } from '@aceite/shared/money';
import {
  PRODUCT_UNIT_LABELS,
  PRODUCT_UNITS,
  type Product,
  type ProductInput,
  ProductInputSchema,
  type ProductUnit,
} from '@aceite/shared/schemas/products';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { DecimalInput } from '@/components/decimal-input';
import { errorMessage } from '@/lib/api-client';
import { ptNumber } from '@/lib/decimal';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateProduct } from '../api/create-product';
import { useProductCategories } from '../api/get-product-categories';
import { useUpdateProduct } from '../api/update-product';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

/** The highest price the API accepts, in euros. */
const MAX_PRICE_EUROS = 100_000_000;

/** Number fields hold numbers, or text read the pt-PT way (`ptNumber`). */
const numeric = ptNumber;

/**
 * The product form edits the price in euros; the API stores cents (docs/product.md#totals: min 0, step 0.01).
 */
export const ProductFormSchema = ProductInputSchema.extend({
  price: numeric(
    z
      .number({ error: MESSAGES.productPriceInvalid })
      .min(0, MESSAGES.productPriceInvalid)
      .max(MAX_PRICE_EUROS),
  ),
});

export interface ProductFormValues {
  name: string;
  description: string;
  sku: string;
  category: string;
  /** Euros as typed; '' while empty. */
  price: number | string;
  unit: ProductUnit;
  isActive: boolean;
}

/** The request body for the form's values: trimmed texts, blanks as null, the euros rounded to cents. */
export function toProductInput(values: ProductFormValues): ProductInput {
  const parsed = ProductFormSchema.parse(values);
  return { ...parsed, price: toCents(parsed.price) };
}

function toFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    sku: product?.sku ?? '',
    category: product?.category ?? '',
    price: product ? fromCents(product.price) : '',
    unit: product?.unit ?? 'unidade',
    isActive: product?.isActive ?? true,
  };
}

const UNIT_OPTIONS = PRODUCT_UNITS.map((unit) => ({
  value: unit,
  label: PRODUCT_UNIT_LABELS[unit].charAt(0).toUpperCase() + PRODUCT_UNIT_LABELS[unit].slice(1),
}));

const FIELDS = ['name', 'description', 'sku', 'category', 'price', 'unit'] as const;

interface ProductFormProps {
  product?: Product;
  cancelTo: string;
  onSuccess: (product: Product) => void;
}

/** Create and edit form of a catalogue product (docs/product.md#products). */
export function ProductForm({ product, cancelTo, onSuccess }: ProductFormProps) {
  const categories = useProductCategories();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    initialValues: toFormValues(product),
    validate: schemaResolver(ProductFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    const input = toProductInput(values);
    const callbacks = {
      onSuccess: (saved: Product) => {
        notifications.show({
          closeButtonProps: CLOSE_NOTIFICATION,
          color: 'green',
          message: product ? 'Produto atualizado com sucesso' : 'Produto criado com sucesso',
        });
        onSuccess(saved);
      },
      onError: (error: unknown) => {
        // A SKU in use (409) names the `sku` field.
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          setFormError(errorMessage(error, MESSAGES.productSaveError));
        }
      },
    };
    if (product) update.mutate({ id: product.id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput label="Nome" autoComplete="off" required {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label="SKU"
                description="Código interno, único na organização."
                autoComplete="off"
                {...form.getInputProps('sku')}
              />
              <Autocomplete
                label="Categoria"
                description="Escolha uma existente ou escreva uma nova."
                data={categories.data ?? []}
                autoComplete="off"
                {...form.getInputProps('category')}
              />
            </SimpleGrid>
            <Textarea
              label="Descrição"
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <DecimalInput
                label="Preço"
                description="Em euros, sem IVA."
                required
                money
                leftSection="€"
                {...form.getInputProps('price')}
              />
              <NativeSelect
                label="Unidade"
                description="Como o preço é contado."
                required
                data={UNIT_OPTIONS}
                {...form.getInputProps('unit')}
              />
            </SimpleGrid>
            <Switch
              label="Produto ativo"
              description="Só os produtos ativos são sugeridos em novas propostas."
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={cancelTo}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {product ? 'Guardar alterações' : 'Criar produto'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
