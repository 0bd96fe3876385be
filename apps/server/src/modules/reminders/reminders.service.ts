import { calendarDay, DEFAULT_TIME_ZONE } from '@aceite/shared/dates';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import {
  isActionable,
  isBeforeSent,
  isPastValidity,
  type ProposalStatus,
  STATUS_LABELS,
} from '@aceite/shared/proposal-status';
import {
  CLIENT_REMINDER_KINDS,
  type ClientReminderKind,
  clientReminderDays,
  ownerSummaryEnabled,
} from '@aceite/shared/schemas/organization-settings';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import type { PublicViewer } from '@/lib/public-viewer.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import {
  assertWithinMailLimits,
  type MailLimits,
  queueEmail,
  remindersUnsubscribeUrl,
} from '@/modules/email/email.service.ts';
import { clientReminderEmail, ownerSummaryEmail } from '@/modules/email/email.templates.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import {
  claimOwnerSummary,
  claimReminder,
  insertOptOut,
  selectProposalByToken,
  selectReminderCandidates,
  selectReminderProposalForUpdate,
  selectWaitingByOwner,
  setReminderOutbox,
  setSummaryOutbox,
} from './reminders.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_ZONE = 'Europe/Lisbon';
/** Reminders and summaries leave between 09:00 and 20:00, Lisbon time (docs/product.md#reminders). */
export const REMINDER_HOURS = { from: 9, until: 20 } as const;
/** The summary lists at most this many proposals; the rest are counted. */
const SUMMARY_MAX_LINES = 30;

export interface ReminderOptions {
  appUrl: string;
  mailLimits: MailLimits;
}

/** The Lisbon calendar day (YYYY-MM-DD) and hour of an instant. */
export function lisbonClock(at: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** Days from calendar day a to calendar day b (both YYYY-MM-DD). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

interface ReminderState {
  status: string;
  sentAt: Date | null;
  lastViewedAt: Date | null;
  validUntil: string | null;
  settings: Record<string, unknown>;
  /** The organization's time zone, the calendar of the validity date (Lisbon when not given). */
  timeZone?: string;
}

/**
 * Whether the client reminder of this kind is due at `now` (docs/product.md#reminders): not opened N days after
 * it was sent; opened but not answered N days after the last visit (a proposal being negotiated waits for the
 * team, not the client); N days or fewer before its validity date, not on the day it was sent, not once expired.
 */
export function isReminderDue(kind: ClientReminderKind, p: ReminderState, now: Date): boolean {
  const days = clientReminderDays(p.settings, kind);
  if (days === null || !p.sentAt) return false;
  // The validity is read in the organization's calendar (docs/product.md#validity-and-expiry).
  const today = calendarDay(now, p.timeZone ?? DEFAULT_TIME_ZONE);
  if (isPastValidity(p.validUntil, today)) return false;
  const elapsed = (since: Date) => now.getTime() - since.getTime() >= days * DAY_MS;
  switch (kind) {
    case 'not_opened':
      return p.status === 'sent' && !p.lastViewedAt && elapsed(p.sentAt);
    case 'not_answered':
      return p.status === 'viewed' && elapsed(p.lastViewedAt ?? p.sentAt);
    case 'before_expiry':
      return (
        !!p.validUntil &&
        isActionable(p.status as ProposalStatus) &&
        daysBetween(today, p.validUntil) <= days &&
        calendarDay(p.sentAt, p.timeZone ?? DEFAULT_TIME_ZONE) < today
      );
  }
}

/** The first due reminder the proposal has not had; at most one a day reaches a client (docs/product.md#reminders). */
function dueKind(
  p: ReminderState & { sentKinds: ClientReminderKind[]; lastReminderAt: Date | string | null },
  now: Date,
): ClientReminderKind | null {
  if (p.lastReminderAt && now.getTime() - new Date(p.lastReminderAt).getTime() < DAY_MS) return null;
  // The validity date is the most pressing news, then the others.
  const order: ClientReminderKind[] = [
    'before_expiry',
    ...CLIENT_REMINDER_KINDS.filter((k) => k !== 'before_expiry'),
  ];
  return order.find((kind) => !p.sentKinds.includes(kind) && isReminderDue(kind, p, now)) ?? null;
}

/**
 * Sends the client reminder in one transaction with its claim row: the proposal is locked and checked again (a
 * decision, cancellation or opt-out may have come in since the candidates were read), the (proposal, kind) row is
 * inserted (a second process finds it and sends nothing), the email is queued through the outbox within the mail
 * limits, and the send is recorded in the audit log (the proposal's history). True when it was queued.
 */
async function sendClientReminder(
  db: Db,
  opts: ReminderOptions,
  proposalId: string,
  kind: ClientReminderKind,
  now: Date,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const row = await selectReminderProposalForUpdate(tx, proposalId);
      if (!row?.clientEmail || row.optedOut || row.proposal.archivedAt) return false;
      if (row.lastReminderAt && now.getTime() - new Date(row.lastReminderAt).getTime() < DAY_MS) return false;
      const p = row.proposal;
      if (!isReminderDue(kind, { ...p, settings: row.settings, timeZone: row.timeZone }, now)) return false;
      const reminderId = await claimReminder(tx, {
        organizationId: p.organizationId,
        proposalId,
        kind,
        toAddress: row.clientEmail,
        createdAt: now,
      });
      if (!reminderId) return false;
      await assertWithinMailLimits(tx, reminderLimits(opts.mailLimits), p.organizationId, row.clientEmail);
      // A white-label organization's client gets its links on the custom domain (docs/product.md#white-label).
      const whiteLabel = await whiteLabelOf(tx, p.organizationId);
      const clientUrl = whiteLabel ? `https://${whiteLabel.domain}` : opts.appUrl;
      const link = `${clientUrl}/p/${p.publicToken}`;
      const senderName = `${row.ownerFirstName} ${row.ownerLastName}`.trim();
      const outboxId = await queueEmail(tx, {
        kind: 'proposal_reminder',
        to: row.clientEmail,
        replyTo: row.ownerEmail,
        fromOrganization: row.organizationName,
        // One click in the mail client stops this proposal's reminders (RFC 8058, docs/product.md#reminders).
        listUnsubscribe: remindersUnsubscribeUrl(clientUrl, p.publicToken),
        organizationId: p.organizationId,
        email: clientReminderEmail({
          ...brandOf({ name: row.organizationName, branding: row.branding }),
          whiteLabel: whiteLabel !== null,
          kind,
          clientName: row.clientName ?? '',
          senderName,
          title: p.title,
          total: formatMoney(p.totalValue),
          validUntil: p.validUntil,
          link,
          stopLink: `${link}/lembretes`,
        }),
      });
      await setReminderOutbox(tx, reminderId, outboxId);
      await recordAudit(tx, {
        organizationId: p.organizationId,
        actorId: null,
        action: 'proposal.reminder_sent',
        entity: 'proposal',
        entityId: proposalId,
        metadata: { kind, outboxId },
      });
      await enqueueProposalEvent(tx, p.organizationId, proposalId, 'proposal.reminder_sent');
      return true;
    });
  } catch (error) {
    // Over the mail limits: nothing was claimed (rolled back); a later run tries again.
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
    throw error;
  }
}

/**
 * Reminders count towards the hourly mail limits but may fill only half of the organization's: the other half is
 * left for the emails the team sends itself (docs/decisions.md, "Issue 24 — reminders").
 */
export function reminderLimits(limits: MailLimits): MailLimits {
  return {
    perOrganizationPerHour: Math.max(1, Math.floor(limits.perOrganizationPerHour / 2)),
    perRecipientPerHour: limits.perRecipientPerHour,
  };
}

/** Sends every due client reminder; the number queued. */
export async function sendDueClientReminders(db: Db, opts: ReminderOptions, now: Date): Promise<number> {
  if (!withinSendingHours(now)) return 0;
  const candidates = await selectReminderCandidates(db, new Date(now.getTime() - DAY_MS), now);
  let sent = 0;
  for (const c of candidates) {
    const kind = dueKind(c, now);
    if (kind && (await sendClientReminder(db, opts, c.id, kind, now))) sent++;
  }
  return sent;
}

function withinSendingHours(now: Date): boolean {
  const { hour } = lisbonClock(now);
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.until;
}

type WaitingRow = Awaited<ReturnType<typeof selectWaitingByOwner>>[number];

/**
 * The owners' daily summary (docs/product.md#reminders): to each active owner with proposals waiting for the
 * client (sent, opened, negotiating), once per Lisbon day (a unique (owner, day) row claimed in the transaction
 * that queues it), only when there is something, in organizations that kept it on. The number queued.
 */
export async function sendOwnerSummaries(db: Db, opts: ReminderOptions, now: Date): Promise<number> {
  if (!withinSendingHours(now)) return 0;
  const today = lisbonClock(now).day;
  const byOwner = new Map<string, WaitingRow[]>();
  for (const row of await selectWaitingByOwner(db, today)) {
    if (!ownerSummaryEnabled(row.settings)) continue;
    const list = byOwner.get(row.ownerId) ?? [];
    list.push(row);
    byOwner.set(row.ownerId, list);
  }
  let sent = 0;
  for (const [ownerId, rows] of byOwner) {
    const first = rows[0];
    if (!first) continue;
    try {
      const queued = await db.transaction(async (tx) => {
        const claimed = await claimOwnerSummary(tx, {
          organizationId: first.organizationId,
          userId: ownerId,
          day: today,
          createdAt: now,
        });
        if (!claimed) return false;
        await assertWithinMailLimits(tx, opts.mailLimits, first.organizationId, first.ownerEmail);
        const lines = rows.slice(0, SUMMARY_MAX_LINES).map((r) => ({
          title: r.title,
          clientName: r.clientName,
          statusLabel: STATUS_LABELS[r.status],
          daysWaiting: r.sentAt ? Math.max(0, daysBetween(lisbonClock(r.sentAt).day, today)) : 0,
          link: `${opts.appUrl}/proposals/${r.proposalId}`,
        }));
        const outboxId = await queueEmail(tx, {
          kind: 'owner_summary',
          to: first.ownerEmail,
          organizationId: first.organizationId,
          email: ownerSummaryEmail({
            ...brandOf({ name: first.organizationName, branding: first.branding }),
            firstName: first.ownerFirstName,
            proposals: lines,
            more: rows.length - lines.length,
            listLink: `${opts.appUrl}/proposals`,
          }),
        });
        await setSummaryOutbox(tx, claimed, outboxId);
        return true;
      });
      if (queued) sent++;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
    }
  }
  return sent;
}

/** One run of the reminders job: the client reminders, then the owners' summaries. */
export async function runReminders(
  db: Db,
  opts: ReminderOptions,
  now: Date,
): Promise<{ clientReminders: number; ownerSummaries: number }> {
  const clientReminders = await sendDueClientReminders(db, opts, now);
  const ownerSummaries = await sendOwnerSummaries(db, opts, now);
  return { clientReminders, ownerSummaries };
}

/**
 * Who called the opt-out besides the link's token (docs/product.md#reminders): the public caller every public
 * route reads (lib/public-viewer.ts). API keys are refused before, as on every public route.
 */
export type ReminderCaller = PublicViewer;

/**
 * 'Não quero receber mais lembretes' (docs/product.md#reminders): records the client's opt-out of this proposal's
 * reminders with the client's address, once (asking again changes nothing). A link that never reached a client
 * (unknown token, not yet sent) is 404; a
 * member's or the platform's call is 403 (an API key's, on every public route, in the auth plugin).
 */
export async function stopReminders(
  db: Db,
  token: string,
  caller: ReminderCaller,
): Promise<{ stopped: true }> {
  const found = await selectProposalByToken(db, token);
  if (!found || found.archivedAt || isBeforeSent(found.status)) {
    throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  }
  // The client's choice alone, as the answers (issue 20): not the organization's members (a member of another
  // organization may well be the client) or the platform.
  if (caller.platform || caller.organizationId === found.organizationId) {
    throw new AppError('FORBIDDEN', MESSAGES.remindersStopClientOnly);
  }
  await db.transaction(async (tx) => {
    const recorded = await insertOptOut(tx, {
      proposalId: found.id,
      organizationId: found.organizationId,
      email: found.clientEmail ?? null,
    });
    if (recorded) {
      await recordAudit(tx, {
        organizationId: found.organizationId,
        actorId: null,
        action: 'proposal.reminders_stopped',
        entity: 'proposal',
        entityId: found.id,
        metadata: {},
      });
    }
  });
  return { stopped: true };
}
