import { z } from 'zod';
import { SEPA_PATTERNS } from './schedule-core.ts';

/*
 * A proposal's SEPA Direct Debit schedule (issue 39): the functions live in schedule-core.ts (zod-free, for the
 * client's page and the editor) and are re-exported here with the schema of the shown terms.
 */
export * from './schedule-core.ts';

/** The schedule terms a proposal carries, as the client is shown them (with the creditor they authorise). */
export const ShownSepaSchema = z.object({
  pattern: z.enum(SEPA_PATTERNS),
  instalments: z.number().int().nullable(),
  firstCollectionDate: z.string(),
  /** The creditor as the mandate names it: Configurações → Pagamentos. */
  creditorName: z.string(),
  creditorIdentifier: z.string(),
  /**
   * The organization's time zone: the calendar the schedule's "today" is read in (`sepaCalendarDay`), so the
   * page and the PDF date it as the acceptance will. Not bound to a decision (`boundSepaTerms`).
   */
  timeZone: z.string(),
});
export type ShownSepa = z.infer<typeof ShownSepaSchema>;
