/** Which products the list shows: all, only active or only inactive ones. */
export type ProductStatusFilter = 'all' | 'active' | 'inactive';

/** What the products list is filtered by; part of its cache key. */
export interface ProductListParams {
  search: string;
  category: string;
  status: ProductStatusFilter;
  page: number;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  categories: () => [...productKeys.all, 'categories'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};
