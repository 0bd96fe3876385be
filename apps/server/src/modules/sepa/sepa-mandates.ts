// The mandate the client signs with the acceptance and its collections (issue 39,
// docs/product.md#the-mandate-at-acceptance). Called by the public page's decision inside its transaction.

import { maskIban } from '@aceite/shared/sepa/bank-account';
import type { MandateInput, SignedMandateRecord } from '@aceite/shared/sepa/mandate';
import {
  type SepaScheduleTerms,
  sepaCalendarDay,
  sepaSchedule,
  termsOnAcceptance,
} from '@aceite/shared/sepa/schedule';
import { isSepaIdentifier } from '@aceite/shared/sepa/text';
import { and, eq, like, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { sepaCollections, sepaMandates } from '@/db/schema/index.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';

/**
 * The stem of a mandate reference: the proposal's number in the SEPA identifier set (other characters become
 * '-'), cut so the reference and its collections' end-to-end ids stay within 35 characters.
 */
export function referenceStem(proposalNumber: string): string {
  const stem = proposalNumber
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 24)
    .replace(/-$/, '');
  return stem || 'MANDATO';
}

/** `ORC-2026-0042-M1`, then -M2… when taken: unique per organization (the creditor), with its end-to-end ids. */
async function freeReference(tx: Db, organizationId: string, proposalNumber: string): Promise<string> {
  const stem = referenceStem(proposalNumber);
  const taken = await tx
    .select({ reference: sepaMandates.reference })
    .from(sepaMandates)
    .where(and(eq(sepaMandates.organizationId, organizationId), like(sepaMandates.reference, `${stem}-M%`)));
  const used = new Set(taken.map((r) => r.reference));
  for (let n = 1; ; n++) {
    const reference = `${stem}-M${n}`;
    if (used.has(reference)) continue;
    // An end-to-end id of another mandate could only match through a number that looks like a reference.
    const [clash] = await tx
      .select({ id: sepaCollections.id })
      .from(sepaCollections)
      .where(
        and(
          eq(sepaCollections.organizationId, organizationId),
          or(like(sepaCollections.endToEndId, `${reference}-%`), eq(sepaCollections.endToEndId, reference)),
        ),
      )
      .limit(1);
    if (!clash) return reference;
  }
}

/** The end-to-end id of a collection: the mandate reference and the place in the schedule (`…-M1-01`). */
export const endToEndId = (reference: string, sequence: number) =>
  `${reference}-${String(sequence).padStart(2, '0')}`;

/**
 * Records the mandate and its collections: the schedule of the accepted total under the terms as of the day of
 * signature in the organization's calendar (`sepaCalendarDay`: the first debit at least SEPA_NOTICE_DAYS away),
 * and queues `mandate.created`. The debtor's email, where every pre-notification goes, is kept on the mandate.
 * The organization's plan is not asked again: the client was promised the debit when the proposal was sent
 * (docs/decisions.md, "The mandate at acceptance").
 */
export async function recordSignedMandate(
  tx: Db,
  input: {
    organizationId: string;
    proposalId: string;
    proposalNumber: string;
    mandate: MandateInput;
    creditor: { creditorName: string; creditorIdentifier: string };
    terms: SepaScheduleTerms;
    acceptedTotalCents: number;
    signedAt: Date;
    /** The organization's time zone (`organizations.timezone`): the calendar of the day of signature. */
    timeZone: string | null;
    /** Where the pre-notifications go; null when the client answered with no email known. */
    debtorEmail: string | null;
  },
): Promise<SignedMandateRecord> {
  const schedule = sepaSchedule(
    input.acceptedTotalCents,
    termsOnAcceptance(input.terms, sepaCalendarDay(input.signedAt, input.timeZone)),
  );
  const reference = await freeReference(tx, input.organizationId, input.proposalNumber);
  if (!isSepaIdentifier(reference)) throw new Error(`mandate reference out of the SEPA set: ${reference}`);
  const [mandate] = await tx
    .insert(sepaMandates)
    .values({
      organizationId: input.organizationId,
      proposalId: input.proposalId,
      reference,
      debtorName: input.mandate.debtorName,
      debtorIban: input.mandate.iban,
      debtorBic: input.mandate.bic,
      debtorEmail: input.debtorEmail,
      creditorName: input.creditor.creditorName,
      creditorIdentifier: input.creditor.creditorIdentifier,
      signedAt: input.signedAt,
    })
    .returning({ id: sepaMandates.id });
  if (!mandate) throw new Error('sepa mandate not written');
  if (schedule.length > 0) {
    await tx.insert(sepaCollections).values(
      schedule.map((c) => ({
        organizationId: input.organizationId,
        mandateId: mandate.id,
        sequence: c.sequence,
        sequenceType: c.sequenceType,
        collectionDate: c.collectionDate,
        amountCents: c.amountCents,
        endToEndId: endToEndId(reference, c.sequence),
      })),
    );
  }
  const record: SignedMandateRecord = {
    reference,
    signedAt: input.signedAt.toISOString(),
    debtorName: input.mandate.debtorName,
    ibanMasked: maskIban(input.mandate.iban),
    debtorBic: input.mandate.bic,
    creditorName: input.creditor.creditorName,
    creditorIdentifier: input.creditor.creditorIdentifier,
    schedule,
  };
  await enqueueEvent(tx, {
    organizationId: input.organizationId,
    type: 'mandate.created',
    data: {
      reference,
      proposalId: input.proposalId,
      proposalNumber: input.proposalNumber,
      debtorName: record.debtorName,
      ibanMasked: record.ibanMasked,
      signedAt: record.signedAt,
      schedule,
    },
    orderingKey: input.proposalId,
  });
  return record;
}

/** The mandate of a proposal as its page shows it after the acceptance; null without one. */
export async function selectSignedMandate(
  db: Db,
  proposal: { id: string; organizationId: string },
): Promise<{ reference: string; ibanMasked: string } | null> {
  const [row] = await db
    .select({ reference: sepaMandates.reference, iban: sepaMandates.debtorIban })
    .from(sepaMandates)
    .where(
      and(eq(sepaMandates.proposalId, proposal.id), eq(sepaMandates.organizationId, proposal.organizationId)),
    )
    .limit(1);
  return row ? { reference: row.reference, ibanMasked: maskIban(row.iban) } : null;
}
