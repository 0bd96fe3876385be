import { calendarDay, formatCalendarDate } from '@aceite/shared/dates';
import { formatMoney } from '@aceite/shared/money';
import { maskIban } from '@aceite/shared/sepa/bank-account';
import { earliestCollectionDate } from '@aceite/shared/sepa/schedule';
import type { Db } from '@/db/client.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { sepaPreNotificationEmail } from '@/modules/email/email.templates.ts';
import { selectSepaCreditor } from './sepa.queries.ts';
import { claimPreNotification, selectPreNotificationCandidates } from './sepa-collections.queries.ts';

/*
 * The SEPA pre-notification (issue 39, docs/product.md#mandates-collections-and-the-file): `SEPA_NOTICE_DAYS`
 * before each due collection of an active mandate, the debtor (the proposal's recipient) is emailed the amount,
 * the date, the creditor and its identifier, the mandate reference and the masked IBAN. Each collection is
 * claimed by setting `pre_notified_at` in the transaction that queues the email in the durable outbox, so two
 * runs at once, or one after the other, send it once.
 */

/** Queues every pre-notification due at `at`; answers how many were queued. */
export async function runSepaPreNotifications(db: Db, at: Date): Promise<number> {
  const today = calendarDay(at, 'Europe/Lisbon');
  const candidates = await selectPreNotificationCandidates(
    db,
    today,
    // today + SEPA_NOTICE_DAYS: the one home of the notice period.
    earliestCollectionDate(today),
  );
  let queued = 0;
  for (const candidate of candidates) {
    const sent = await db.transaction(async (tx) => {
      const scope = { db: tx, organizationId: candidate.organizationId };
      const claimed = await claimPreNotification(scope, candidate.id, at);
      if (!claimed?.recipientEmail) return false;
      const creditor = await selectSepaCreditor(scope);
      const m = claimed.mandate;
      await queueEmail(tx, {
        kind: 'sepa_pre_notification',
        to: claimed.recipientEmail,
        organizationId: candidate.organizationId,
        email: sepaPreNotificationEmail({
          debtorName: m.debtorName,
          amount: formatMoney(claimed.collection.amountCents),
          collectionDate: formatCalendarDate(claimed.collection.collectionDate),
          creditorName: creditor?.name ?? m.creditorName,
          creditorIdentifier: creditor?.creditorIdentifier ?? m.creditorIdentifier,
          mandateReference: m.reference,
          ibanMasked: maskIban(m.debtorIban),
          proposalNumber: claimed.proposalNumber,
        }),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
