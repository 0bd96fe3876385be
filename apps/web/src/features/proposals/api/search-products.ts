import type { Paged } from '@aceite/shared/schemas/common';
import type { Product } from '@aceite/shared/schemas/products';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { proposalLookupKeys } from './keys';

export const PRODUCT_OPTIONS_LIMIT = 20;

/** One page of the active catalogue products matching a search, for "Do catálogo". */
export async function searchProducts(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<Product>> {
  return apiClient.get<Paged<Product>>('/products', {
    query: { isActive: 'true', search: search || undefined, page, limit: PRODUCT_OPTIONS_LIMIT },
    signal,
  });
}

export const productSearchQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: proposalLookupKeys.products(search),
    queryFn: ({ signal, pageParam }) => searchProducts(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Product>) =>
      last.pagination && last.pagination.page < last.pagination.totalPages
        ? last.pagination.page + 1
        : undefined,
  });

/** The pages read so far: their products in order, the total that matches, and how to read the next page. */
export function useProductSearch(search: string, enabled = true) {
  const query = useInfiniteQuery({
    ...productSearchQueryOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
  const products = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.pagination?.total ?? products.length;
  return { ...query, products, total };
}
