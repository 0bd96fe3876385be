import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { productKeys } from './keys';

/** The categories the organization's products use, for the filter and the form's suggestions. */
export async function getProductCategories(signal?: AbortSignal): Promise<string[]> {
  const { data } = await apiClient.get<Envelope<string[]>>('/products/categories', { signal });
  return data;
}

export const productCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => getProductCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useProductCategories() {
  return useQuery(productCategoriesQueryOptions());
}
