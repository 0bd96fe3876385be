import { MESSAGES } from '@aceite/shared/messages';
import { canEditContentBlock } from '@aceite/shared/permissions';
import type {
  ContentBlock,
  CreateContentBlockInputSchema,
  UpdateContentBlockInputSchema,
} from '@aceite/shared/schemas/content-blocks';
import type { z } from 'zod';
import { assertCan } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import { personOf, type TenantContext } from '@/lib/tenant-scope.ts';
import {
  type ContentBlockWithAuthor,
  deleteContentBlockById,
  insertContentBlock,
  selectContentBlockById,
  selectContentBlocks,
  updateContentBlockById,
} from './content-blocks.queries.ts';

type CreateInput = z.output<typeof CreateContentBlockInputSchema>;
type UpdateInput = z.output<typeof UpdateContentBlockInputSchema>;

function toDto({ row, author }: ContentBlockWithAuthor): ContentBlock {
  return {
    id: row.id,
    name: row.name,
    block: { type: row.block.type ?? 'text', title: row.block.title ?? '', content: row.block.content ?? '' },
    createdBy:
      row.createdBy && author
        ? { id: row.createdBy, firstName: author.firstName, lastName: author.lastName }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.contentBlockNotFound);

/** Every member reads the library (docs/product.md#block-library). */
export async function listContentBlocks(
  ctx: TenantContext,
  query: { search?: string; page: number; limit: number },
): Promise<{ data: ContentBlock[]; pagination: Pagination }> {
  const { rows, total } = await selectContentBlocks(ctx, {
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toDto), pagination: toPagination(query.page, query.limit, total) };
}

export async function getContentBlock(ctx: TenantContext, id: string): Promise<ContentBlock> {
  const found = await selectContentBlockById(ctx, id);
  if (!found) throw notFound();
  return toDto(found);
}

export async function createContentBlock(ctx: TenantContext, input: CreateInput): Promise<ContentBlock> {
  assertCan(ctx.role, 'content-block:create');
  const row = await insertContentBlock(ctx, {
    name: input.name,
    block: input.block,
    createdBy: personOf(ctx),
  });
  return getContentBlock(ctx, row.id);
}

/** Its author, or a manager or admin (docs/product.md#block-library); another organization's block is 404. */
async function assertMayEdit(ctx: TenantContext, id: string): Promise<void> {
  const found = await selectContentBlockById(ctx, id);
  if (!found) throw notFound();
  if (!canEditContentBlock(ctx, found.row.createdBy))
    throw new AppError('FORBIDDEN', MESSAGES.contentBlockEditForbidden);
}

/**
 * Renames or rewrites the library's copy only: proposals and templates that inserted it hold their own copy
 * (docs/product.md#block-library).
 */
export async function updateContentBlock(
  ctx: TenantContext,
  id: string,
  input: UpdateInput,
): Promise<ContentBlock> {
  await assertMayEdit(ctx, id);
  const values = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.block === undefined ? {} : { block: input.block }),
  };
  const row = await updateContentBlockById(ctx, id, values);
  if (!row) throw notFound();
  return getContentBlock(ctx, id);
}

export async function deleteContentBlock(ctx: TenantContext, id: string): Promise<void> {
  await assertMayEdit(ctx, id);
  if (!(await deleteContentBlockById(ctx, id))) throw notFound();
}
