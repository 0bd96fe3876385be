import { MESSAGES } from '@aceite/shared/messages';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import { blockIndexOf, READING_ITEMS_SECTION, READING_VISIT_WINDOW_MINUTES } from '@aceite/shared/reading';
import {
  READING_RETENTION_MIN_MONTHS,
  readingRetentionMonths,
} from '@aceite/shared/schemas/organization-settings';
import type { ProposalReading, ReadingBatchInput } from '@aceite/shared/schemas/reading';
import type { Db } from '@/db/client.ts';
import type { proposals } from '@/db/schema/index.ts';
import { AppError } from '@/lib/app-error.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { truncateIp } from '@/lib/truncate-ip.ts';
import { deviceTypeOf, isBot } from '@/lib/user-agent.ts';
import { listEvidence } from '@/modules/evidence/evidence.service.ts';
import {
  addToTotals,
  countVisitsSince,
  deleteVisitsBefore,
  lockProposalReading,
  lockVisit,
  selectOrganizationsWithVisitsBefore,
  selectProposalForReading,
  selectReadingTarget,
  selectRecentVisitOfVisitor,
  selectTotals,
  selectVisits,
  updateVisit,
  visitExists,
} from './reading.queries.ts';

/** Who sent the batch: the same facts the public page's view counting looks at. */
export interface ReadingMeta {
  ip: string;
  userAgent?: string;
  /** The signed-in caller's organization, when the page is opened from inside the app. */
  viewerOrganizationId?: string | null;
  /** A superadmin's or an impersonation token: never the client. */
  viewerIsPlatform?: boolean;
}

/** A visit belongs to the last view counted, if that view is at most this old (a tab left open for a day). */
const VISIT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The page's clock starts a moment after the server counted the view: never more than this ahead of it. */
const CLOCK_SLACK_MS = 2_000;
/**
 * One visitor (the same network and device type) opens at most one visit per proposal in this window: a new
 * visit id from them within it is read as the same visit (issue 34, L3; docs/product.md#reading). Without it,
 * forty visit ids sent in a few seconds were forty visits, each with the whole time since the view.
 */
export const READING_VISITOR_WINDOW_MS = READING_VISIT_WINDOW_MINUTES * 60 * 1000;
/** At most this many visits of one proposal start in a day; batches opening more are not recorded. */
export const READING_MAX_VISITS_PER_DAY = 50;

type Content = (typeof proposals.$inferSelect)['content'];

function sectionExists(content: Content, id: string): boolean {
  if (id === READING_ITEMS_SECTION) return true;
  const index = blockIndexOf(id);
  return index !== null && index < content.blocks.length;
}

/**
 * Records a batch of the client's reading (docs/product.md#reading). Nothing is stored, and the answer is the
 * same 204, for a member's preview, a platform account, a robot, or a visit with no view counted for it in the
 * last day; the page cannot tell and has nothing to retry. Durations are clamped to the wall time since the
 * visit's view and never decrease; unknown sections are dropped. One visitor's new visit ids within
 * READING_VISITOR_WINDOW_MS join their visit, and a proposal opens at most READING_MAX_VISITS_PER_DAY visits a day
 * (issue 34, L3).
 */
export async function recordReading(
  db: Db,
  token: string,
  input: ReadingBatchInput,
  meta: ReadingMeta,
  now = new Date(),
): Promise<void> {
  const target = await selectReadingTarget(db, token);
  if (!target || isClosedToClient(target)) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  if (meta.viewerIsPlatform || meta.viewerOrganizationId === target.organizationId) return;
  if (isBot(meta.userAgent)) return;
  const viewedAt = target.lastViewedAt;
  if (!viewedAt || now.getTime() - viewedAt.getTime() > VISIT_MAX_AGE_MS) return;

  const ip = truncateIp(meta.ip);
  const device = deviceTypeOf(meta.userAgent);
  await db.transaction(async (tx) => {
    await lockProposalReading(tx, target.id);
    let visitId = input.visitId;
    if (!(await visitExists(tx, { proposalId: target.id, visitId }))) {
      const since = new Date(now.getTime() - READING_VISITOR_WINDOW_MS);
      const same = await selectRecentVisitOfVisitor(tx, { proposalId: target.id, ip, device }, since);
      if (same) visitId = same;
      else if (
        (await countVisitsSince(tx, target.id, new Date(now.getTime() - VISIT_MAX_AGE_MS))) >=
        READING_MAX_VISITS_PER_DAY
      ) {
        return;
      }
    }
    const visit = await lockVisit(tx, {
      visitId,
      proposalId: target.id,
      organizationId: target.organizationId,
      startedAt: viewedAt,
      lastSeenAt: now,
      device,
      ip,
    });
    const ceiling = Math.max(0, now.getTime() - visit.startedAt.getTime() + CLOCK_SLACK_MS);
    const clamp = (ms: number) => Math.min(ms, ceiling);
    const sections = { ...visit.sections };
    for (const [id, ms] of Object.entries(input.sections)) {
      if (!sectionExists(target.content, id)) continue;
      sections[id] = Math.max(sections[id] ?? 0, clamp(ms));
    }
    await updateVisit(
      tx,
      { proposalId: target.id, visitId },
      { visibleMs: Math.max(visit.visibleMs, clamp(input.visibleMs)), sections, lastSeenAt: now },
    );
  });
}

function sectionLabel(content: Content, id: string): string {
  if (id === READING_ITEMS_SECTION) return 'Itens';
  const index = blockIndexOf(id) ?? 0;
  return content.blocks[index]?.title?.trim() || `Secção ${index + 1}`;
}

/** `GET /proposals/{id}/reading`: whoever may read the proposal sees what the client read. */
export async function getProposalReading(ctx: TenantContext, proposalId: string): Promise<ProposalReading> {
  const proposal = await selectProposalForReading(ctx, proposalId);
  if (!proposal) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  const [visits, totals, events] = await Promise.all([
    selectVisits(ctx, proposalId),
    selectTotals(ctx, proposalId),
    listEvidence(ctx.db, { id: proposalId, organizationId: ctx.organizationId }),
  ]);
  const sums = new Map<string, number>(
    Object.entries(totals?.sections ?? {}).map(([k, v]) => [k, Number(v)]),
  );
  for (const visit of visits) {
    for (const [id, ms] of Object.entries(visit.sections)) sums.set(id, (sums.get(id) ?? 0) + ms);
  }
  const sections = [...sums]
    // A block removed since the visit has no title left to show.
    .filter(([id, ms]) => ms > 0 && sectionExists(proposal.content, id))
    .map(([id, ms]) => ({ id, label: sectionLabel(proposal.content, id), ms }))
    .sort((a, b) => b.ms - a.ms);
  const downloads = events.filter((e) => e.type === 'pdf_downloaded');
  return {
    visits: visits.map((v) => ({
      startedAt: v.startedAt.toISOString(),
      lastSeenAt: v.lastSeenAt.toISOString(),
      visibleMs: v.visibleMs,
      device: v.device,
    })),
    visitCount: visits.length + (totals?.visits ?? 0),
    totalMs: visits.reduce((sum, v) => sum + v.visibleMs, 0) + (totals?.visibleMs ?? 0),
    aggregatedVisits: totals?.visits ?? 0,
    sections,
    pdfDownloadedAt: downloads.at(-1)?.occurredAt ?? null,
  };
}

function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/**
 * The retention step of the expiry sweep (docs/product.md#reading): each organization's visits older than its
 * retention are summed into the proposal's totals and deleted, in one transaction per organization. Safe with
 * two processes: the delete takes the rows, so the other process finds none of them. Returns the visits folded.
 */
export async function aggregateExpiredReading(db: Db, now = new Date()): Promise<number> {
  const organizations = await selectOrganizationsWithVisitsBefore(
    db,
    monthsBefore(now, READING_RETENTION_MIN_MONTHS),
  );
  let folded = 0;
  for (const org of organizations) {
    const before = monthsBefore(now, readingRetentionMonths(org.settings));
    folded += await db.transaction(async (tx) => {
      const rows = await deleteVisitsBefore(tx, org.id, before);
      const byProposal = new Map<
        string,
        { visits: number; visibleMs: number; sections: Record<string, number> }
      >();
      for (const row of rows) {
        const sum = byProposal.get(row.proposalId) ?? { visits: 0, visibleMs: 0, sections: {} };
        sum.visits += 1;
        sum.visibleMs += row.visibleMs;
        for (const [id, ms] of Object.entries(row.sections)) sum.sections[id] = (sum.sections[id] ?? 0) + ms;
        byProposal.set(row.proposalId, sum);
      }
      for (const [proposalId, sum] of byProposal) {
        await addToTotals(tx, { proposalId, organizationId: org.id, ...sum });
      }
      return rows.length;
    });
  }
  return folded;
}
