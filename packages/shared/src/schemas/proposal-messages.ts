import { z } from 'zod';
import { MAX_CLIENT_MESSAGE_LENGTH } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { stripBidiControls } from '../text.ts';
import { EmailSchema } from './common.ts';

/**
 * The conversation between the client and the team on a proposal
 * (docs/product.md#client-questions-and-change-requests): the client's questions and requests for changes, and
 * the team's answers. Plain text only: every screen and email escapes it.
 */
export const CLIENT_MESSAGE_KINDS = ['question', 'change_request'] as const;
export type ClientMessageKind = (typeof CLIENT_MESSAGE_KINDS)[number];
export const PROPOSAL_MESSAGE_KINDS = [...CLIENT_MESSAGE_KINDS, 'answer'] as const;
export type ProposalMessageKind = (typeof PROPOSAL_MESSAGE_KINDS)[number];

export { MAX_CLIENT_MESSAGE_LENGTH };

const body = z
  .string({ error: MESSAGES.clientMessageRequired })
  .overwrite(stripBidiControls)
  .trim()
  .min(1, MESSAGES.clientMessageRequired)
  .max(MAX_CLIENT_MESSAGE_LENGTH, MESSAGES.clientMessageTooLong);

/** What the client sends from the public page (name and email prefilled with the recipient's). */
export const ClientMessageInputSchema = z.object({
  kind: z.enum(CLIENT_MESSAGE_KINDS, { error: MESSAGES.clientMessageKindInvalid }),
  name: z
    .string({ error: MESSAGES.clientMessageNameRequired })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, MESSAGES.clientMessageNameRequired)
    .max(200),
  email: EmailSchema,
  message: body,
});
export type ClientMessageInput = z.infer<typeof ClientMessageInputSchema>;

/** The team's answer, from the proposal's detail page. */
export const AnswerClientMessageInputSchema = z.object({ message: body });
export type AnswerClientMessageInput = z.infer<typeof AnswerClientMessageInputSchema>;

/** One message as the public page shows it: no internal ids, no emails. */
export const PublicProposalMessageSchema = z.object({
  kind: z.enum(PROPOSAL_MESSAGE_KINDS),
  authorName: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type PublicProposalMessage = z.infer<typeof PublicProposalMessageSchema>;

/** One message as the team sees it on the proposal's detail page. */
export const ProposalMessageSchema = PublicProposalMessageSchema.extend({
  id: z.uuid(),
  /** The client's email (client messages) or null (answers). */
  authorEmail: z.string().nullable(),
  /** The member who answered (answers only). */
  userId: z.uuid().nullable(),
});
export type ProposalMessage = z.infer<typeof ProposalMessageSchema>;

/** 'Cancelar proposta': a required reason, and whether to tell the client by email (default no). */
export const CancelProposalInputSchema = z.object({
  reason: z
    .string({ error: MESSAGES.cancelReasonRequired })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, MESSAGES.cancelReasonRequired)
    .max(2000),
  notifyClient: z.boolean().default(false),
});
export type CancelProposalInput = z.infer<typeof CancelProposalInputSchema>;
