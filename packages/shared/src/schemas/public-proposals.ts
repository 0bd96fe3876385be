import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { REJECTION_REASON_CODES } from '../rejection-reasons.ts';
import { MandateInputSchema } from '../sepa/mandate.ts';
import { stripBidiControls } from '../text.ts';
import { EmailSchema } from './common.ts';
import { PublicProposalMessageSchema } from './proposal-messages.ts';
import { ShownOrganizationSchema, ShownProposalSchema } from './shown-proposal.ts';

/**
 * What the client sees at /p/{publicToken}: the shown proposal (shown-proposal.ts) with the organization's
 * branding and what only the page has; no internal ids (docs/product.md#public-page).
 */
/** The mandate signed with the decision, as the page shows it after: its reference and the IBAN masked. */
export const SignedMandateSchema = z.object({ reference: z.string(), ibanMasked: z.string() });
export type SignedMandate = z.infer<typeof SignedMandateSchema>;

export const PublicProposalSchema = ShownProposalSchema.extend({
  organization: ShownOrganizationSchema,
  /**
   * The organization's white-label (docs/product.md#white-label): the page shows no Aceite mark (title, footer).
   */
  whiteLabel: z.boolean(),
  viewCount: z.number().int(),
  /** Whether accept, reject and sign are still possible. */
  isActionable: z.boolean(),
  /**
   * A change after sending waits for approval (issue 34): the page says 'Em revisão' instead of the answer
   * controls, and the answers are refused until it is approved (docs/product.md#approvals).
   */
  inReview: z.boolean(),
  signedAt: z.string().nullable(),
  signedByName: z.string().nullable(),
  signedByEmail: z.string().nullable(),
  signatureData: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Why the client rejected (docs/product.md#rejection-reasons); null unless rejected. */
  rejectionReasonCode: z.enum(REJECTION_REASON_CODES).nullable(),
  /**
   * Who the proposal was sent to (the client's contact name and email), to prefill the signer's name and email
   * (docs/decisions.md, "Evidence chain"); null without a client.
   */
  recipient: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  /** The version the page shows; sent back with a decision with the content's SHA-256 (docs/product.md#evidence). */
  version: z.number().int(),
  /**
   * Whether accept, reject and sign need the one-time code emailed to the client (issue 20): on unless the
   * organization turned it off, and only when the proposal has a client with an email to send it to.
   */
  answerCode: z.object({ required: z.boolean() }),
  /** The SEPA mandate signed with the acceptance (docs/product.md#the-mandate-at-acceptance); null without one. */
  mandate: SignedMandateSchema.nullable(),
  /**
   * Who processes the client's data and why, shown before deciding and stored word for word with the
   * decision (`privacyNotice` of `privacy-notice.ts`, docs/product.md#personal-data).
   */
  /** The conversation with the team, oldest first (docs/product.md#client-questions-and-change-requests). */
  messages: z.array(PublicProposalMessageSchema),
  privacyNotice: z.object({
    text: z.string(),
    before: z.string(),
    link: z.object({ label: z.string(), href: z.string() }),
    after: z.string(),
  }),
});
export type PublicProposal = z.infer<typeof PublicProposalSchema>;

/**
 * `POST /public/proposals/{token}/views`: the visit counted (or not, docs/product.md#views) and what the page
 * then shows.
 */
export const RecordedViewSchema = PublicProposalSchema.pick({ viewCount: true, status: true });
export type RecordedView = z.infer<typeof RecordedViewSchema>;

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

/** How long an emailed code is valid, and how many wrong tries it takes (docs/decisions.md, issue 20). */
export const ANSWER_CODE_TTL_MINUTES = 10;
export const ANSWER_CODE_MAX_ATTEMPTS = 5;

/** The one-time code the client received by email: six digits (spaces typed around it are ignored). */
export const AnswerCodeSchema = z
  .string({ error: MESSAGES.answerCodeFormat })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MESSAGES.answerCodeFormat));

/** The answer to a code request: where it went (masked), until when it is valid, when another may be asked. */
export const AnswerCodeSentSchema = z.object({
  maskedEmail: z.string(),
  expiresAt: z.string(),
  resendAvailableAt: z.string(),
});
export type AnswerCodeSent = z.infer<typeof AnswerCodeSentSchema>;

/**
 * What the page rendered when the client decided: its version and the SHA-256 (hex) of its canonical content
 * (`contentSha256` of content-hash.ts). Both are required; a decision on anything else is refused with 409
 * (docs/product.md#content-binding).
 */
const shownFields = {
  version: z.number({ error: MESSAGES.shownVersionRequired }).int().min(0, MESSAGES.shownVersionRequired),
  contentSha256: z
    .string({ error: MESSAGES.shownContentRequired })
    .regex(/^[0-9a-f]{64}$/, MESSAGES.shownContentInvalid),
};

/**
 * The optional items and quantities the client chose (docs/product.md#client-choice); checked against the
 * proposal's items by `validateChoice` on the server. Absent: the default choice.
 */
export const ClientChoiceSchema = z.object(
  {
    items: z
      .array(
        z.object({
          index: z.number({ error: 'Item da escolha inválido.' }).int('Item da escolha inválido.').min(0),
          selected: z.boolean({ error: 'Indique se o item está selecionado.' }),
          quantity: z.number({ error: 'Indique uma quantidade válida.' }),
        }),
      )
      .max(500),
  },
  { error: 'Escolha do cliente inválida.' },
);

/** A missing body is read as an empty one, so the answer names each missing field. */
const orEmpty = (v: unknown) => v ?? {};

/**
 * Accepting carries what the page showed, the code (when the organization asks for one) and the client's choice
 * of optional items and quantities.
 */
export const AcceptInputSchema = z.preprocess(
  orEmpty,
  z.object({
    code: AnswerCodeSchema.optional(),
    choice: ClientChoiceSchema.optional(),
    /** Required when the proposal is paid by SEPA Direct Debit, refused otherwise (docs/product.md#the-mandate-at-acceptance). */
    mandate: MandateInputSchema.optional(),
    ...shownFields,
  }),
);

/**
 * The client's reason (docs/product.md#rejection-reasons): a code from the dialog's list and, for 'other', a
 * required text. A caller that sends no code (older API clients) is recorded as 'other'.
 */
export const RejectInputSchema = z.preprocess(
  orEmpty,
  z
    .object({
      code: AnswerCodeSchema.optional(),
      reasonCode: z.enum(REJECTION_REASON_CODES, { error: MESSAGES.rejectionReasonCodeRequired }).optional(),
      reason: z
        .string()
        .trim()
        .max(2000)
        .nullish()
        .transform((v) => v || null),
      ...shownFields,
    })
    .superRefine((v, ctx) => {
      if (v.reasonCode === 'other' && !v.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.rejectionReasonOtherText });
      }
    })
    .transform((v) => ({ ...v, reasonCode: v.reasonCode ?? ('other' as const) })),
);

/** 1 MB of PNG, as a base64 data URL (about 4/3 of the bytes). */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;

/**
 * The largest signature image in pixels: a signing pad on a 4× screen stays well within it; beyond it a small
 * file could still decode to gigabytes wherever the signature is shown (issue 20).
 */
export const MAX_SIGNATURE_WIDTH = 4096;
export const MAX_SIGNATURE_HEIGHT = 2048;

export const SignInputSchema = z.preprocess(
  orEmpty,
  z.object({
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
      // A pattern, not startsWith: zod writes startsWith as a non-standard `format: "starts_with"` (issue 35).
      .regex(/^data:image\/png;base64,/, MESSAGES.signatureInvalid),
    code: AnswerCodeSchema.optional(),
    choice: ClientChoiceSchema.optional(),
    mandate: MandateInputSchema.optional(),
    ...shownFields,
  }),
);
