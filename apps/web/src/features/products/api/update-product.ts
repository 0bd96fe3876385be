import type { Product, ProductInput } from '@aceite/shared/schemas/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { productKeys } from './keys';

export interface UpdateProductVariables {
  id: string;
  input: ProductInput;
}

/** Replaces a product's fields (admin, manager). */
export async function updateProduct({ id, input }: UpdateProductVariables): Promise<Product> {
  const { data } = await apiClient.put<Envelope<Product>>(`/products/${encodeURIComponent(id)}`, input);
  return data;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
