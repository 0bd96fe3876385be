import type { Paged } from '@aceite/shared/schemas/common';
import type { Product } from '@aceite/shared/schemas/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type ProductListParams, productKeys } from './keys';

/** Products per page (docs/product.md#limits-and-defaults). */
export const PRODUCTS_PAGE_SIZE = 20;

const IS_ACTIVE = { all: undefined, active: 'true', inactive: 'false' } as const;

/** One page of the catalogue, filtered by search (name, description, SKU), category and active state. */
export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<Paged<Product>> {
  return apiClient.get<Paged<Product>>('/products', {
    query: {
      search: params.search,
      category: params.category,
      isActive: IS_ACTIVE[params.status],
      page: params.page,
      limit: PRODUCTS_PAGE_SIZE,
    },
    signal,
  });
}

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}
