import { z } from 'zod';
import { type ChoosableItem, ITEM_OPTIONAL_MODES, itemRangeProblem } from '../client-choice.ts';
import { MESSAGES } from '../messages.ts';

/**
 * What a priced line says and offers beyond its price, the same in a proposal and in a template (issue 37,
 * docs/product.md#client-choice): a name apart from its description, whether the client may leave it out, and
 * the quantities they may choose. One home, so a "package" template offers exactly what a proposal can.
 * Two halves only to keep each schema's field order (and so the published API) as it was.
 */
export const LINE_TEXT_FIELDS = {
  name: z.string().trim().max(300).default(''),
  description: z.string().trim().max(2000).default(''),
};

/** What the client may change in a line: see above. */
export const LINE_CHOICE_FIELDS = {
  /**
   * Whether the client may leave the item out, and whether it starts selected (docs/product.md#client-choice);
   * absent or null: required. Absent from items saved before, so their content (and its hash) is unchanged.
   */
  optional: z.enum(ITEM_OPTIONAL_MODES, { error: 'Opção inválida para item opcional.' }).nullish(),
  /** The range of quantities the client may choose (whole or up to two decimals); absent: the quantity. */
  minQuantity: z
    .number({ error: 'Indique uma quantidade mínima válida.' })
    .min(1, MESSAGES.quantityInvalid)
    .max(1_000_000)
    .nullish(),
  maxQuantity: z
    .number({ error: 'Indique uma quantidade máxima válida.' })
    .min(1, MESSAGES.quantityInvalid)
    .max(1_000_000)
    .nullish(),
};

/**
 * A quantity range holds the quantity (docs/product.md#client-choice): one issue per line that breaks it, on
 * the bound at fault, under `path` (`['content', 'items']` for a proposal or template body).
 */
export function addItemRangeIssues(
  items: readonly ChoosableItem[],
  ctx: z.RefinementCtx,
  path: readonly (string | number)[],
): void {
  items.forEach((item, index) => {
    const problem = itemRangeProblem(item);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: [...path, index, problem.field], message: problem.message });
    }
  });
}
