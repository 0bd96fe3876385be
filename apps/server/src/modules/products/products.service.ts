import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import type { Product, ProductInputSchema, ProductUnit } from '@aceite/shared/schemas/products';
import type { z } from 'zod';
import { isUniqueViolation } from '@/db/errors.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import {
  insertProduct,
  type ProductRow,
  selectProductById,
  selectProductCategories,
  selectProducts,
  updateProductById,
} from './products.queries.ts';

type ProductInput = z.output<typeof ProductInputSchema>;

function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    category: row.category,
    price: row.price,
    formattedPrice: formatMoney(row.price),
    unit: row.unit as ProductUnit,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.productNotFound);
const skuTaken = () => fieldError('sku', MESSAGES.productSkuTaken, 'CONFLICT');

export async function listProducts(
  ctx: TenantContext,
  query: { search?: string; category?: string; isActive?: boolean; page: number; limit: number },
): Promise<{ data: Product[]; pagination: Pagination }> {
  const { rows, total } = await selectProducts(ctx, { ...query, offset: (query.page - 1) * query.limit });
  return { data: rows.map(toProductDto), pagination: toPagination(query.page, query.limit, total) };
}

export function listProductCategories(ctx: TenantContext): Promise<string[]> {
  return selectProductCategories(ctx);
}

export async function getProduct(ctx: TenantContext, id: string): Promise<Product> {
  const row = await selectProductById(ctx, id);
  if (!row) throw notFound();
  return toProductDto(row);
}

export async function createProduct(ctx: TenantContext, input: ProductInput): Promise<Product> {
  assertCan(ctx.role, 'catalogue:write');
  try {
    return toProductDto(await insertProduct(ctx, input));
  } catch (error) {
    if (isUniqueViolation(error, 'products_org_sku_key')) throw skuTaken();
    throw error;
  }
}

export async function updateProduct(ctx: TenantContext, id: string, input: ProductInput): Promise<Product> {
  assertCan(ctx.role, 'catalogue:write');
  try {
    const row = await updateProductById(ctx, id, input);
    if (!row) throw notFound();
    return toProductDto(row);
  } catch (error) {
    if (isUniqueViolation(error, 'products_org_sku_key')) throw skuTaken();
    throw error;
  }
}

/**
 * Delete deactivates (docs/product.md#products): proposals keep their copied lines, the product leaves the
 * picker.
 */
export async function deactivateProduct(ctx: TenantContext, id: string): Promise<Product> {
  assertCan(ctx.role, 'catalogue:write');
  const row = await updateProductById(ctx, id, { isActive: false });
  if (!row) throw notFound();
  return toProductDto(row);
}
