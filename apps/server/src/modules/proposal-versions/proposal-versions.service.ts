import { isDeepStrictEqual } from 'node:util';
import { shownContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import type { Version, VersionDetail } from '@aceite/shared/schemas/collaboration';
import { completeContent } from '@aceite/shared/schemas/proposals';
import type { ProposalSnapshot, proposals } from '@/db/schema/index.ts';
import { assertCanManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { sepaTermsOf } from '@/modules/proposal-projections/sepa-terms.ts';
import {
  insertVersion,
  selectLatestVersion,
  selectProposalForVersion,
  selectVersion,
  selectVersions,
} from './proposal-versions.queries.ts';

type ProposalRow = typeof proposals.$inferSelect;
type VersionRow = NonNullable<Awaited<ReturnType<typeof selectVersion>>>;

/**
 * The frozen copy of what a version keeps (docs/product.md#versions): the fields a decision is bound to
 * (`shownContent` of content-hash.ts), as stored.
 */
export function snapshotOf(p: ProposalRow): ProposalSnapshot {
  return shownContent({ ...p, sepa: sepaTermsOf(p) });
}

function toVersionDto({ version: v, creator }: VersionRow): Version {
  return {
    id: v.id,
    versionNumber: v.versionNumber,
    changeNotes: v.changeNotes,
    creator,
    createdAt: v.createdAt.toISOString(),
    title: v.snapshot.title,
    totalValue: v.snapshot.totalValue,
    currency: v.snapshot.currency,
    taxRate: v.snapshot.taxRate,
  };
}

const proposalNotFound = () => new AppError('NOT_FOUND', MESSAGES.proposalNotFound);

async function assertProposalVisible(ctx: TenantContext, proposalId: string): Promise<void> {
  // The lock is harmless outside a transaction; inside one it serializes numbering.
  if (!(await selectProposalForVersion(ctx, proposalId))) throw proposalNotFound();
}

export async function listVersions(ctx: TenantContext, proposalId: string): Promise<Version[]> {
  await assertProposalVisible(ctx, proposalId);
  return (await selectVersions(ctx, proposalId)).map(toVersionDto);
}

export async function getVersion(
  ctx: TenantContext,
  proposalId: string,
  versionNumber: number,
): Promise<VersionDetail> {
  await assertProposalVisible(ctx, proposalId);
  const row = await selectVersion(ctx, proposalId, versionNumber);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.versionNotFound);
  return {
    ...toVersionDto(row),
    snapshot: { ...row.version.snapshot, content: completeContent(row.version.snapshot.content) },
  };
}

/** Numbered max + 1 under a row lock on the proposal, so concurrent versions never share a number. */
export async function createVersion(
  ctx: TenantContext,
  proposalId: string,
  changeNotes: string,
): Promise<VersionDetail> {
  const number = await withTx(ctx, async (tx) => {
    const proposal = await selectProposalForVersion(tx, proposalId);
    if (!proposal) throw proposalNotFound();
    assertCanManageProposal(tx, proposal.ownerId);
    return insertVersion(tx, {
      proposalId,
      changeNotes,
      snapshot: snapshotOf(proposal),
      createdBy: personOf(ctx),
    });
  });
  return getVersion(ctx, proposalId, number);
}

/**
 * Used when sending and when editing a proposal the client has seen: stores a version only if the content
 * changed since the last one, and returns its number (null when nothing changed). Call inside the
 * caller's transaction, after locking the proposal.
 */
export async function snapshotIfChanged(
  ctx: TenantContext,
  proposal: ProposalRow,
  changeNotes: string,
): Promise<number | null> {
  const latest = await selectLatestVersion(ctx, proposal.id);
  const snapshot = snapshotOf(proposal);
  if (
    latest &&
    isDeepStrictEqual(JSON.parse(JSON.stringify(latest.snapshot)), JSON.parse(JSON.stringify(snapshot)))
  )
    return null;
  return insertVersion(ctx, { proposalId: proposal.id, changeNotes, snapshot, createdBy: personOf(ctx) });
}
