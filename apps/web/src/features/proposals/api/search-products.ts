import type { Product } from '@aceite/shared/schemas/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { proposalLookupKeys } from './keys';

export const PRODUCT_OPTIONS_LIMIT = 20;

/** Active catalogue products matching a search, for "Do catálogo". */
export async function searchProducts(search: string, signal?: AbortSignal): Promise<Product[]> {
  const { data } = await apiClient.get<{ data: Product[] }>('/products', {
    query: { isActive: 'true', search: search || undefined, limit: PRODUCT_OPTIONS_LIMIT },
    signal,
  });
  return data;
}

export const productSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: proposalLookupKeys.products(search),
    queryFn: ({ signal }) => searchProducts(search, signal),
  });

export function useProductSearch(search: string, enabled = true) {
  return useQuery({ ...productSearchQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
