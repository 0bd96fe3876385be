import { MESSAGES } from '@aceite/shared/messages';
import type {
  Template,
  TemplateCategory,
  TemplateContent,
  TemplateInputSchema,
} from '@aceite/shared/schemas/templates';
import { TEMPLATE_CATEGORIES } from '@aceite/shared/schemas/templates';
import { normalRate, vatRegionOf } from '@aceite/shared/vat';
import type { z } from 'zod';
import { assertCan, assertCanWriteTemplate, assertPlatformAdmin, isPlatformAdmin } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { assertWithinPlan } from '@/lib/entitlements.ts';
import { type ActorContext, personOf } from '@/lib/tenant-scope.ts';
import {
  incrementTemplateUse,
  insertTemplate,
  selectOrganizationSettings,
  selectTemplateById,
  selectTemplates,
  type TemplateRow,
  updateTemplateById,
} from './templates.queries.ts';

type TemplateInput = z.output<typeof TemplateInputSchema>;

function toTemplateDto(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // A category stored before the list changed reads as "outro".
    category: (TEMPLATE_CATEGORIES as readonly string[]).includes(row.category) ? row.category : 'outro',
    tags: row.tags,
    content: row.content,
    isGlobal: row.isGlobal,
    useCount: row.useCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.templateNotFound);

/**
 * The input's content with every line's rate: one sent without takes the organization's normal rate (a global
 * template's, the mainland's), issue 37; docs/product.md#templates.
 */
async function withRates(ctx: ActorContext, content: TemplateInput['content']): Promise<TemplateContent> {
  if (content.items.every((item) => item.tax !== undefined)) return content as TemplateContent;
  const rate = normalRate(vatRegionOf(await selectOrganizationSettings(ctx)));
  return { ...content, items: content.items.map((item) => ({ ...item, tax: item.tax ?? rate })) };
}

/**
 * Organization templates: managers and admins; global templates: superadmins only. A superadmin has no
 * organization, so an organization's template is not found for them.
 */
function assertCanWrite(ctx: ActorContext, row?: TemplateRow): void {
  if (isPlatformAdmin(ctx)) {
    if (row && !row.isGlobal) throw notFound();
    return;
  }
  assertCanWriteTemplate(ctx, row?.isGlobal ?? false);
}

export async function listTemplates(
  ctx: ActorContext,
  query: { search?: string; category?: TemplateCategory },
): Promise<Template[]> {
  return (await selectTemplates(ctx, query)).map(toTemplateDto);
}

export async function getTemplate(ctx: ActorContext, id: string): Promise<Template> {
  const row = await selectTemplateById(ctx, id);
  if (!row) throw notFound();
  return toTemplateDto(row);
}

export async function createTemplate(ctx: ActorContext, input: TemplateInput): Promise<Template> {
  assertCanWrite(ctx);
  if (input.isGlobal) assertPlatformAdmin(ctx);
  const global = isPlatformAdmin(ctx);
  const organizationId = global ? null : ctx.organizationId;
  const content = await withRates(ctx, input.content);
  const row = await ctx.db.transaction(async (db) => {
    // The organization's templates count against its plan (docs/product.md#plans); the platform's do not.
    if (organizationId) await assertWithinPlan({ db, organizationId }, 'templates');
    return insertTemplate(
      { ...ctx, db },
      { ...input, content, isGlobal: global, organizationId, createdBy: personOf(ctx) },
    );
  });
  return toTemplateDto(row);
}

export async function updateTemplate(ctx: ActorContext, id: string, input: TemplateInput): Promise<Template> {
  const existing = await selectTemplateById(ctx, id);
  if (!existing) throw notFound();
  assertCanWrite(ctx, existing);
  if (input.isGlobal !== existing.isGlobal) assertPlatformAdmin(ctx);
  const { isGlobal: _ignored, ...values } = input;
  const row = await updateTemplateById(ctx, id, {
    ...values,
    content: await withRates(ctx, values.content),
  });
  if (!row) throw notFound();
  return toTemplateDto(row);
}

/**
 * Delete archives (docs/product.md#templates): the template leaves the list, proposals made from it are
 * untouched.
 */
export async function archiveTemplate(ctx: ActorContext, id: string): Promise<void> {
  const existing = await selectTemplateById(ctx, id);
  if (!existing) throw notFound();
  assertCanWrite(ctx, existing);
  await updateTemplateById(ctx, id, { archivedAt: new Date() });
}

/** Counts a use before the editor opens prefilled with the template. */
export async function useTemplate(ctx: ActorContext, id: string): Promise<Template> {
  if (!isPlatformAdmin(ctx)) assertCan(ctx, 'template:use');
  const row = await incrementTemplateUse(ctx, id);
  if (!row) throw notFound();
  return toTemplateDto(row);
}
