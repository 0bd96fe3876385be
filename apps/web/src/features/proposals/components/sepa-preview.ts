import { ProposalSepaInputSchema } from '@aceite/shared/schemas/proposals';
import { type SepaInstalment, sepaSchedule } from '@aceite/shared/sepa/schedule-core';
import { formTotals, type ProposalFormValues, sepaDraft } from './proposal-form-values';

/**
 * The editor's live preview of the schedule: the shared `sepaSchedule` (the one the page, the PDF and the
 * acceptance use) over the editor's total; empty while the terms are incomplete or wrong.
 */
export function formSepaSchedule(values: ProposalFormValues): SepaInstalment[] {
  const draft = sepaDraft(values);
  if (!draft) return [];
  const parsed = ProposalSepaInputSchema.safeParse(draft);
  return parsed.success ? sepaSchedule(formTotals(values).totalValue, parsed.data) : [];
}
