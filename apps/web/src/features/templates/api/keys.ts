import type { TEMPLATE_CATEGORIES } from '@aceite/shared/schemas/templates';

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** What the templates grid is filtered by; part of its cache key. */
export interface TemplateListParams {
  search: string;
  category: TemplateCategory | '';
}

export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (params: TemplateListParams) => [...templateKeys.lists(), params] as const,
  details: () => [...templateKeys.all, 'detail'] as const,
  detail: (id: string) => [...templateKeys.details(), id] as const,
};
