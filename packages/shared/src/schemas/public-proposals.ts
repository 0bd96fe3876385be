import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { stripBidiControls } from '../text.ts';
import { EmailSchema } from './common.ts';
import { PROPOSAL_STATUSES, ProposalContentSchema } from './proposals.ts';

/**
 * What the client sees at /p/{publicToken}: no internal ids, only what the page shows (spec §2, §3).
 */
export const PublicProposalSchema = z.object({
  organization: z.object({ name: z.string(), primaryColor: z.string(), logo: z.string().nullable() }),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  viewCount: z.number().int(),
  currency: z.string(),
  content: ProposalContentSchema,
  subtotal: z.number().int(),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number(),
  discountAmount: z.number().int(),
  taxRate: z.number(),
  taxAmount: z.number().int(),
  totalValue: z.number().int(),
  validUntil: z.string().nullable(),
  client: z.object({ name: z.string(), company: z.string().nullable() }).nullable(),
  owner: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  /** Whether accept, reject and sign are still possible. */
  isActionable: z.boolean(),
  signedAt: z.string().nullable(),
  signedByName: z.string().nullable(),
  signedByEmail: z.string().nullable(),
  signatureData: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicProposal = z.infer<typeof PublicProposalSchema>;

/** An attachment marked visible to the client, as the public page lists it (no uploader, no internal flags). */
export const PublicAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  description: z.string().nullable(),
  fileSize: z.number().int(),
  mimeType: z.string(),
});
export type PublicAttachment = z.infer<typeof PublicAttachmentSchema>;

export const PublicTokenParamsSchema = z.object({ publicToken: z.string().min(16).max(128) });

export const RejectInputSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
  })
  .nullish()
  .transform((v) => v ?? { reason: null });

/** 1 MB of PNG, as a base64 data URL (about 4/3 of the bytes). */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;

/**
 * The largest signature image in pixels: a signing pad on a 4× screen stays well within it; beyond it a small
 * file could still decode to gigabytes wherever the signature is shown (issue 20).
 */
export const MAX_SIGNATURE_WIDTH = 4096;
export const MAX_SIGNATURE_HEIGHT = 2048;

export const SignInputSchema = z.object({
  signerName: z
    .string({ error: MESSAGES.signNameEmailRequired })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, MESSAGES.signNameEmailRequired)
    .max(200),
  signerEmail: EmailSchema,
  signatureData: z
    .string({ error: MESSAGES.signatureRequired })
    .min(1, MESSAGES.signatureRequired)
    // The size (≤ 1 MB of PNG) is checked on the decoded bytes by the server, which answers 413.
    .startsWith('data:image/png;base64,', MESSAGES.signatureInvalid),
});
