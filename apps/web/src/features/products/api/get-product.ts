import type { Product } from '@aceite/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { productKeys } from './keys';

export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const { data } = await apiClient.get<Envelope<Product>>(`/products/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled });
}
