import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/**
 * The block library (docs/product.md#block-library): an organization's reusable content blocks. A block is kept
 * as the template editor keeps one (type, title, text) so it fits both editors; the proposal editor drops the
 * type, as it does for a template's blocks. The text limit is the template's (the lower of the two editors'), so
 * a library block always fits where it is inserted.
 */
export const CONTENT_BLOCK_NAME_MAX = 120;
export const CONTENT_BLOCK_CONTENT_MAX = 20_000;

export const LibraryBlockSchema = z
  .object({
    type: z.enum(['text', 'list']).default('text'),
    title: z.string().trim().max(300, MESSAGES.contentBlockTitleTooLong).default(''),
    content: z.string().max(CONTENT_BLOCK_CONTENT_MAX, MESSAGES.contentBlockContentTooLong).default(''),
  })
  .refine((b) => b.title !== '' || b.content.trim() !== '', {
    message: MESSAGES.contentBlockEmpty,
    path: ['content'],
  });
export type LibraryBlock = z.output<typeof LibraryBlockSchema>;

const NameSchema = z
  .string({ error: MESSAGES.contentBlockNameRequired })
  .trim()
  .min(1, MESSAGES.contentBlockNameRequired)
  .max(CONTENT_BLOCK_NAME_MAX, MESSAGES.contentBlockNameTooLong);

/** A library block as the API returns it. */
export const ContentBlockSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  block: z.object({ type: z.enum(['text', 'list']), title: z.string(), content: z.string() }),
  /** Who saved it; null when an API key did or the member was removed. */
  createdBy: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const CreateContentBlockInputSchema = z.object({
  name: NameSchema,
  block: LibraryBlockSchema,
});
export type CreateContentBlockInput = z.input<typeof CreateContentBlockInputSchema>;

/** Rename, change the content, or both. */
export const UpdateContentBlockInputSchema = z.object({
  name: NameSchema.optional(),
  block: LibraryBlockSchema.optional(),
});
export type UpdateContentBlockInput = z.input<typeof UpdateContentBlockInputSchema>;

/** Search matches the name, the block's title and its text. */
export const ListContentBlocksQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListContentBlocksQuery = z.input<typeof ListContentBlocksQuerySchema>;
