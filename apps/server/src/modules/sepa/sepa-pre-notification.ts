import { formatCalendarDate } from '@aceite/shared/dates';
import { formatMoney } from '@aceite/shared/money';
import { maskIban } from '@aceite/shared/sepa/bank-account';
import { earliestCollectionDate, sepaCalendarDay } from '@aceite/shared/sepa/schedule';
import type { Db } from '@/db/client.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { sepaPreNotificationEmail } from '@/modules/email/email.templates.ts';
import { selectSepaCreditor } from './sepa.queries.ts';
import {
  claimPreNotification,
  type MandateRow,
  selectPreNotificationCandidates,
} from './sepa-collections.queries.ts';

/*
 * The SEPA pre-notification (issue 39, docs/product.md#mandates-collections-and-the-file): `SEPA_NOTICE_DAYS`
 * before each due collection of an active mandate, the debtor (the email kept on the mandate at signing) is
 * emailed the amount, the date, the creditor and its identifier, the mandate reference and the masked IBAN.
 * "Before" counts in the organization's calendar (`sepaCalendarDay`). Each collection is claimed by setting
 * `pre_notified_at` in the transaction that queues the email in the durable outbox, so two runs at once, or one
 * after the other, send it once; a mandate with no email is never claimed (its collections stay un-notified and
 * are not exported). An export that re-dates an overdue collection queues a new one with the new date
 * (sepa-collections.service.ts createExport), through `queuePreNotification` too.
 */

export interface PreNotification {
  organizationId: string;
  /** The debtor's address (`sepa_mandates.debtor_email`). */
  to: string;
  mandate: Pick<
    MandateRow,
    'debtorName' | 'debtorIban' | 'reference' | 'creditorName' | 'creditorIdentifier'
  >;
  amountCents: number;
  /** YYYY-MM-DD: the date the debtor is debited (the export's, for a re-dated collection). */
  collectionDate: string;
  proposalNumber: string;
  /** The creditor as configured now; the mandate's record of it when none is. */
  creditor: { name: string; creditorIdentifier: string } | null | undefined;
}

/** The one way a pre-notification email is written and queued in the durable outbox (in the caller's transaction). */
export async function queuePreNotification(db: Db, notice: PreNotification): Promise<void> {
  const m = notice.mandate;
  await queueEmail(db, {
    kind: 'sepa_pre_notification',
    to: notice.to,
    organizationId: notice.organizationId,
    // From the creditor, the organization that collects (its own sender once verified).
    fromOrganization: notice.creditor?.name ?? m.creditorName,
    email: sepaPreNotificationEmail({
      debtorName: m.debtorName,
      amount: formatMoney(notice.amountCents),
      collectionDate: formatCalendarDate(notice.collectionDate),
      creditorName: notice.creditor?.name ?? m.creditorName,
      creditorIdentifier: notice.creditor?.creditorIdentifier ?? m.creditorIdentifier,
      mandateReference: m.reference,
      ibanMasked: maskIban(m.debtorIban),
      proposalNumber: notice.proposalNumber,
      whiteLabel: (await whiteLabelOf(db, notice.organizationId)) !== null,
    }),
  });
}

/** YYYY-MM-DD plus or minus whole days. */
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Queues every pre-notification due at `at`; answers how many were queued. */
export async function runSepaPreNotifications(db: Db, at: Date): Promise<number> {
  // Every organization's today is within a day of UTC's: the query takes that wider window, and each candidate
  // is kept only within its organization's own, today to today + SEPA_NOTICE_DAYS.
  const utcToday = sepaCalendarDay(at, 'UTC');
  const candidates = await selectPreNotificationCandidates(
    db,
    plusDays(utcToday, -1),
    earliestCollectionDate(plusDays(utcToday, 1)),
  );
  let queued = 0;
  for (const candidate of candidates) {
    const today = sepaCalendarDay(at, candidate.timeZone);
    if (candidate.collectionDate < today || candidate.collectionDate > earliestCollectionDate(today))
      continue;
    const sent = await db.transaction(async (tx) => {
      const scope = { db: tx, organizationId: candidate.organizationId };
      const claimed = await claimPreNotification(scope, candidate.id, at);
      if (!claimed) return false;
      const to = claimed.mandate.debtorEmail;
      // The claim asks for an address; without one, the claim is undone with the transaction.
      if (!to) throw new Error('sepa pre-notification claimed without the debtor email');
      await queuePreNotification(tx, {
        organizationId: candidate.organizationId,
        to,
        mandate: claimed.mandate,
        amountCents: claimed.collection.amountCents,
        collectionDate: claimed.collection.collectionDate,
        proposalNumber: claimed.proposalNumber,
        creditor: await selectSepaCreditor(scope),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
