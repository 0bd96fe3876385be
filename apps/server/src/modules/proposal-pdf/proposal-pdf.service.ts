import type { ShownContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { completeContent } from '@aceite/shared/schemas/proposals';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import type { Db } from '@/db/client.ts';
import type { proposals } from '@/db/schema/index.ts';
import { AppError } from '@/lib/app-error.ts';
import { type Brand, brandOf } from '@/lib/branding.ts';
import type { PdfAppendix } from '@/lib/pdf-document.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import {
  getPublicProposalForPdf,
  type PublicRequestMeta,
} from '@/modules/public-proposals/public-proposals.service.ts';
import { selectProposalForPdf } from './proposal-pdf.queries.ts';
import { type ProposalPdfData, renderProposalPdf } from './proposal-pdf.renderer.ts';

/** A rendered PDF and the name it is saved under. */
export interface ProposalPdf {
  fileName: string;
  bytes: Uint8Array;
}

type ProposalRow = typeof proposals.$inferSelect;
/** A snapshot's fields are those of the row (content-hash.ts types them loosely, being Zod- and DB-free). */
type BoundFields = Pick<ProposalRow, keyof ShownContent>;

/** What the PDF shows of a stored proposal (the same content the public page shows). */
export function pdfDataOfRow(source: {
  proposal: ProposalRow;
  client: { name: string; company: string | null; taxId?: string | null } | null;
  owner: { firstName: string; lastName: string; email: string };
  brand: Brand;
  /** The organization's settings, for its NIF (docs/product.md#tax-ids). */
  settings?: Record<string, unknown>;
}): ProposalPdfData {
  const p = source.proposal;
  const taxId = source.settings?.taxId;
  return {
    organization: {
      name: source.brand.organizationName,
      primaryColor: source.brand.primaryColor,
      logo: source.brand.logo,
      taxId: typeof taxId === 'string' && taxId !== '' ? taxId : null,
    },
    number: p.number,
    title: p.title,
    description: p.description,
    client: source.client,
    owner: {
      name: `${source.owner.firstName} ${source.owner.lastName}`.trim(),
      email: source.owner.email,
    },
    content: completeContent(p.content),
    discountType: p.discountType,
    discountValue: p.discountValue,
    taxRate: p.taxRate,
    validUntil: p.validUntil,
    createdAt: p.createdAt.toISOString(),
    expired: p.status === 'expired',
    choice: p.clientChoice?.choice ?? null,
  };
}

function pdfDataOfPublic(p: PublicProposal): ProposalPdfData {
  return {
    organization: p.organization,
    number: p.number,
    title: p.title,
    description: p.description,
    client: p.client,
    owner: { name: `${p.owner.firstName} ${p.owner.lastName}`.trim(), email: p.owner.email },
    content: p.content,
    discountType: p.discountType,
    discountValue: p.discountValue,
    taxRate: p.taxRate,
    validUntil: p.validUntil,
    createdAt: p.createdAt,
    expired: p.status === 'expired',
    choice: p.clientChoice?.choice ?? null,
  };
}

/** Renders a stored proposal's PDF (for the email attachment, inside the sending transaction). */
export async function renderStoredProposalPdf(
  source: Parameters<typeof pdfDataOfRow>[0],
  appendix?: PdfAppendix,
): Promise<ProposalPdf> {
  return {
    fileName: proposalPdfFileName(source.proposal),
    bytes: await renderProposalPdf(pdfDataOfRow(source), appendix),
  };
}

/**
 * A member's download: any member who can open the proposal (`GET /proposals/{id}`: every role of its
 * organization) gets its PDF; another organization's proposal is not found (docs/product.md#proposal-pdf).
 */
export async function getProposalPdf(ctx: TenantContext, id: string): Promise<ProposalPdf> {
  const row = await selectProposalForPdf(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return renderStoredProposalPdf({
    ...row,
    brand: brandOf(row.organization),
    settings: row.organization.settings,
  });
}

/**
 * The proposal pages of the sealed certificate (docs/product.md#sealed-certificate): rendered by the same
 * renderer as every download, for a job that acts for the organization rather than for a member.
 */
export async function renderOrganizationProposalPdf(
  db: Db,
  organizationId: string,
  id: string,
  appendix?: PdfAppendix,
  /**
   * The content a decision is bound to (its stored snapshot, already checked against the decision's hash):
   * the pages show it in place of the live row's fields (docs/product.md#sealed-certificate).
   */
  bound?: ShownContent,
): Promise<Uint8Array> {
  const row = await selectProposalForPdf({ db, organizationId }, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return (
    await renderStoredProposalPdf(
      {
        ...row,
        proposal: bound ? { ...row.proposal, ...(bound as BoundFields) } : row.proposal,
        brand: brandOf(row.organization),
        settings: row.organization.settings,
      },
      appendix,
    )
  ).bytes;
}

/**
 * The client's download through the link: the public page's visibility (unknown or cancelled → 404, an
 * expired proposal still readable), recorded in the audit log when the client downloads it.
 */
export async function getPublicProposalPdf(
  db: Db,
  token: string,
  meta: PublicRequestMeta,
): Promise<ProposalPdf> {
  const proposal = await getPublicProposalForPdf(db, token, meta);
  return {
    fileName: proposalPdfFileName(proposal),
    bytes: await renderProposalPdf(pdfDataOfPublic(proposal)),
  };
}
