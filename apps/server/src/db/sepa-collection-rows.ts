import { type SepaScheduleTerms, sepaSchedule } from '@aceite/shared/sepa/schedule';

/**
 * A mandate's collections as table rows: the schedule's instalments (`sepaSchedule`, the one home of the amounts
 * and sequence types) with their EndToEndId `<mandate reference>-<sequence>`. Shared by the demo seed and the
 * tests' fixtures (docs/product.md#mandates-collections-and-the-file).
 */
export function sepaCollectionRows(
  mandate: { organizationId: string; id: string; reference: string },
  totalCents: number,
  terms: SepaScheduleTerms,
) {
  return sepaSchedule(totalCents, terms).map((s) => ({
    organizationId: mandate.organizationId,
    mandateId: mandate.id,
    sequence: s.sequence,
    sequenceType: s.sequenceType,
    collectionDate: s.collectionDate,
    amountCents: s.amountCents,
    endToEndId: `${mandate.reference}-${s.sequence}`,
  }));
}
