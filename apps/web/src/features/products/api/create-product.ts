import type { Product, ProductInput } from '@aceite/shared/schemas/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { productKeys } from './keys';

/** Creates a product (admin, manager); 409 with `details[{ field: 'sku' }]` for a SKU in use. */
export async function createProduct(input: ProductInput): Promise<Product> {
  const { data } = await apiClient.post<Envelope<Product>>('/products', input);
  return data;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // A new category may have appeared too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
