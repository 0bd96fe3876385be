import type { Pagination } from '@aceite/shared/schemas/common';

// The pager's shape lives in packages/shared (schemas/common.ts), shared with the screens.
export { type Pagination, PaginationSchema } from '@aceite/shared/schemas/common';

export function toPagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
