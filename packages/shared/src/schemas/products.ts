import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** Units of the product form (docs/product.md#products), `unidade` by default. */
export const PRODUCT_UNITS = [
  'unidade',
  'hora',
  'dia',
  'mês',
  'ano',
  'projeto',
  'licença',
  'usuário',
] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** How each unit reads in pt-PT: the stored 'usuário' (docs/product.md#products) is shown as 'utilizador'. */
export const PRODUCT_UNIT_LABELS: Record<ProductUnit, string> = {
  unidade: 'unidade',
  hora: 'hora',
  dia: 'dia',
  mês: 'mês',
  ano: 'ano',
  projeto: 'projeto',
  licença: 'licença',
  usuário: 'utilizador',
};

/** A unit for display: known units by their pt-PT label, anything else as stored. */
export const unitLabel = (unit: string): string => PRODUCT_UNIT_LABELS[unit as ProductUnit] ?? unit;

/** A product or service of the catalogue (docs/product.md#products); price in cents. */
export const ProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  price: z.number().int(),
  formattedPrice: z.string(),
  unit: z.enum(PRODUCT_UNITS),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const ProductInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.productNameRequired })
    .trim()
    .min(1, MESSAGES.productNameRequired)
    .max(200),
  description: optionalText(2000),
  sku: optionalText(64),
  category: optionalText(100),
  /** Cents; the form converts the typed euros by rounding. */
  price: z
    .number({ error: MESSAGES.productPriceInvalid })
    .int()
    .min(0, MESSAGES.productPriceInvalid)
    .max(100_000_000_00),
  unit: z.enum(PRODUCT_UNITS, { error: MESSAGES.productUnitRequired }).default('unidade'),
  isActive: z.boolean().default(true),
});
export type ProductInput = z.input<typeof ProductInputSchema>;

export const ListProductsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
