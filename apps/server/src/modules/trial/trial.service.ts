import { formatInstantDate } from '@aceite/shared/dates';
import { trialState } from '@aceite/shared/trial';
import type { Db } from '@/db/client.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { trialNoticeEmail } from '@/modules/email/email.templates.ts';
import {
  claimTrialNotice,
  selectActiveAdmins,
  selectTrialNoticeCandidates,
  type TrialNoticeKind,
} from './trial.queries.ts';

/*
 * The trial's emails to the organization's active admins (issue 38, docs/product.md#plans): 3 days before the
 * end, 1 day before, and at the end. Each is sent once: the notice's row (organization, kind, trial end) is
 * inserted with `on conflict do nothing` in the transaction that queues the emails in the durable outbox, so two
 * runs at once, or one after the other, queue it once. Only the notice whose window is current is sent: an
 * organization found already past its end gets "ended", never the earlier ones it missed. A new end (an
 * extended trial) is a new key, so it gets its own notices.
 */

const DAY_MS = 86_400_000;

/** The notice whose window `at` is in: ended (past), 1d (within a day), 3d (within 3 days); else none. */
export function currentNotice(trialEndsAt: Date, at: Date): TrialNoticeKind | null {
  const left = trialEndsAt.getTime() - at.getTime();
  if (left <= 0) return 'ended';
  if (left <= DAY_MS) return '1d';
  if (left <= 3 * DAY_MS) return '3d';
  return null;
}

/** Queues every notice now due; the number of notices (not emails) queued. */
export async function runTrialNotices(db: Db, opts: { appUrl: string }, at: Date): Promise<number> {
  const rows = await selectTrialNoticeCandidates(db, at);
  let queued = 0;
  for (const org of rows) {
    const endsAt = new Date(org.trial_ends_at);
    const kind = currentNotice(endsAt, at);
    if (!kind) continue;
    const sent = await db.transaction(async (tx) => {
      if (!(await claimTrialNotice(tx, org.id, kind, endsAt))) return false;
      const admins = await selectActiveAdmins(tx, org.id);
      const state = trialState(endsAt, at);
      for (const admin of admins) {
        await queueEmail(tx, {
          kind: 'trial_notice',
          to: admin.email,
          organizationId: org.id,
          email: trialNoticeEmail({
            kind,
            firstName: admin.firstName,
            organizationName: org.name,
            endsOn: formatInstantDate(endsAt.toISOString(), org.timezone),
            daysLeft: state.kind === 'active' ? state.daysLeft : 0,
            link: `${opts.appUrl}/settings?tab=plano`,
          }),
        });
      }
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
