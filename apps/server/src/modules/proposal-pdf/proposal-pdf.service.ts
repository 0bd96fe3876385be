import type { ShownContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import type { ProposalSepa } from '@aceite/shared/schemas/proposals';
import type { ShownOrganization, ShownProposal } from '@aceite/shared/schemas/shown-proposal';
import { sepaCalendarDay } from '@aceite/shared/sepa/schedule-core';
import type { proposals } from '@/db/schema/index.ts';
import { AppError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import { sepaColumnsOf } from '@/modules/proposal-projections/sepa-terms.ts';
import {
  loadShownProposal,
  type ShownScope,
  toShownProposal,
} from '@/modules/proposal-projections/shown-proposal.ts';
import { type ProposalPdfData, renderProposalPdf } from './proposal-pdf.renderer.ts';

/** A rendered PDF and the name it is saved under. */
export interface ProposalPdf {
  fileName: string;
  bytes: Uint8Array;
}

type ProposalRow = typeof proposals.$inferSelect;
/** A snapshot's fields are those of the row (content-hash.ts types them loosely, being Zod- and DB-free). */
type BoundFields = Pick<ProposalRow, Exclude<keyof ShownContent, 'sepa'>>;

/**
 * What the PDF shows: the shown proposal (the same the public page shows) plus the organization's branding
 * (docs/architecture.md, "The shown proposal").
 */
export function pdfDataOf(
  shown: ShownProposal,
  organization: ShownOrganization,
  /** When the client accepted or signed: the SEPA dates as they were signed; today's otherwise. */
  decidedAt?: Date | null,
  whiteLabel = false,
): ProposalPdfData {
  return {
    organization,
    whiteLabel,
    number: shown.number,
    title: shown.title,
    description: shown.description,
    client: shown.client,
    owner: { name: `${shown.owner.firstName} ${shown.owner.lastName}`.trim(), email: shown.owner.email },
    content: shown.content,
    discountType: shown.discountType,
    discountValue: shown.discountValue,
    taxRate: shown.taxRate,
    validUntil: shown.validUntil,
    createdAt: shown.createdAt,
    expired: shown.status === 'expired',
    choice: shown.clientChoice?.choice ?? null,
    // The organization's calendar day, as the acceptance reads it (docs/decisions.md, "Issue 39 — SEPA: one calendar day, the organization's").
    sepa: shown.sepa
      ? { ...shown.sepa, asOf: sepaCalendarDay(decidedAt ?? now(), shown.sepa.timeZone) }
      : null,
  };
}

/** A PDF's renderer: in a worker thread of the app's pool (modules/pdf-workers), or here (renderProposalPdf). */
export type RenderPdf = (data: ProposalPdfData) => Promise<Uint8Array>;

/** Renders a shown proposal's PDF, named after its number and title. */
export async function renderShownProposalPdf(
  source: {
    shown: ShownProposal;
    shownOrganization: ShownOrganization;
    proposal?: { acceptedAt: Date | null; signedAt: Date | null };
    /** The organization's white-label (`whiteLabelOf`): no Aceite in the file's metadata. */
    whiteLabel?: boolean;
  },
  render: RenderPdf = renderProposalPdf,
): Promise<ProposalPdf> {
  const decidedAt = source.proposal ? (source.proposal.acceptedAt ?? source.proposal.signedAt) : null;
  return {
    fileName: proposalPdfFileName(source.shown),
    bytes: await render(pdfDataOf(source.shown, source.shownOrganization, decidedAt, source.whiteLabel)),
  };
}

/**
 * What a stored proposal's PDF shows, read from the database (the rendering itself can then run anywhere: the
 * sealed PDF's runs in a worker thread, modules/pdf-workers): for the email attachment, and for the sealed
 * certificate's pages (a job that acts for the organization rather than for a member).
 */
export async function loadStoredProposalPdfData(
  scope: ShownScope,
  id: string,
  /**
   * The content a decision is bound to (its stored snapshot, already checked against the decision's hash):
   * the pages show it in place of the live row's fields (docs/product.md#sealed-certificate).
   */
  bound?: ShownContent,
): Promise<{ fileName: string; data: ProposalPdfData }> {
  const loaded = await loadShownProposal(scope, { id });
  if (!loaded) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  const shown = bound
    ? toShownProposal(
        {
          ...loaded.proposal,
          ...(bound as BoundFields),
          // The SEPA terms bound (none in a version-1 snapshot): the pages show those, not the live row's.
          ...sepaColumnsOf(bound.sepa ? (bound.sepa as ProposalSepa) : null),
        },
        loaded.client,
        loaded.owner,
        loaded.creditor,
        loaded.organization.timezone,
      )
    : loaded.shown;
  const decidedAt = loaded.proposal.acceptedAt ?? loaded.proposal.signedAt;
  // A white-label organization's file names no Aceite in its metadata (docs/product.md#white-label).
  const whiteLabel = (await whiteLabelOf(scope.db, loaded.proposal.organizationId)) !== null;
  return {
    fileName: proposalPdfFileName(shown),
    data: pdfDataOf(shown, loaded.shownOrganization, decidedAt, whiteLabel),
  };
}

/** Renders a stored proposal's PDF here, on the event loop (the email attachment, inside the sending transaction). */
export async function renderStoredProposalPdf(scope: ShownScope, id: string): Promise<ProposalPdf> {
  const { fileName, data } = await loadStoredProposalPdfData(scope, id);
  return { fileName, bytes: await renderProposalPdf(data) };
}

/**
 * A member's download: any member who can open the proposal (`GET /proposals/{id}`: every role of its
 * organization) gets its PDF; another organization's proposal is not found (docs/product.md#proposal-pdf).
 */
export async function getProposalPdf(
  ctx: TenantContext,
  id: string,
  render: RenderPdf,
): Promise<ProposalPdf> {
  const { fileName, data } = await loadStoredProposalPdfData(ctx, id);
  return { fileName, bytes: await render(data) };
}
