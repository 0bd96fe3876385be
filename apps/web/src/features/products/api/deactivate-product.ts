import type { Product } from '@aceite/shared/schemas/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { productKeys } from './keys';

/** `DELETE /products/{id}` deactivates the product (it stays in past proposals) and answers it. */
export async function deactivateProduct(id: string): Promise<Product> {
  const { data } = await apiClient.delete<Envelope<Product>>(`/products/${encodeURIComponent(id)}`);
  return data;
}

export function useDeactivateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return refetchAfterWrite(queryClient, productKeys.lists());
    },
  });
}
