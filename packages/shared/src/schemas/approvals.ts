import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { PROPOSAL_STATUSES } from '../proposal-status.ts';

/** 'Pedir aprovação': an optional note for the approvers (docs/product.md#approvals). */
export const ApprovalRequestInputSchema = z.object({
  note: z
    .string()
    .trim()
    .max(2000, MESSAGES.approvalNoteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type ApprovalRequestInput = z.input<typeof ApprovalRequestInputSchema>;

/** 'Devolver': the comment the owner reads is required. */
export const ApprovalReturnInputSchema = z.object({
  comment: z
    .string({ error: MESSAGES.approvalCommentRequired })
    .trim()
    .min(1, MESSAGES.approvalCommentRequired)
    .max(2000, MESSAGES.approvalNoteTooLong),
});
export type ApprovalReturnInput = z.input<typeof ApprovalReturnInputSchema>;

/**
 * 'reopened': a change to a proposal the client has re-opened its approval (issue 34, the note says what changed);
 * 'handed_over': the owner changed while approval was pending (the note names both).
 */
export const APPROVAL_ACTIONS = [
  'requested',
  'approved',
  'returned',
  'reset',
  'reopened',
  'handed_over',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const ApprovalEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(APPROVAL_ACTIONS),
  note: z.string().nullable(),
  /** The member who acted; null for an API key or an automatic return to draft. */
  actorName: z.string().nullable(),
  /** On an approval: SHA-256 of the content approved (priced lines, client bounds, discount, IVA; issue 34). */
  contentSha256: z.string().nullable(),
  createdAt: z.string(),
});
export type ApprovalEvent = z.infer<typeof ApprovalEventSchema>;

/**
 * `GET /proposals/{id}/approval`: the proposal's approval state as the caller sees it — whether the policy
 * applies to them sending it, what they may do, the comment of the latest return and the history, newest first.
 */
export const ProposalApprovalSchema = z.object({
  status: z.enum(PROPOSAL_STATUSES),
  /** The policy applies and the proposal is not approved: sending and sharing the link are refused. */
  blocksSending: z.boolean(),
  /** The policy applies to this proposal when the caller sends it. */
  required: z.boolean(),
  /**
   * A change after sending re-opened approval (issue 34): the client cannot decide and the public page says
   * 'Em revisão' until it is approved again.
   */
  reopened: z.boolean(),
  reopenedAt: z.string().nullable(),
  /**
   * The totals (cents, IVA included) the client's choice spans: the policy reads `max` (every optional line in at
   * its maximum quantity, `clientTotalRange` of @aceite/shared/client-choice).
   */
  totalRange: z.object({ min: z.number(), max: z.number() }),
  canRequest: z.boolean(),
  canApprove: z.boolean(),
  lastReturn: ApprovalEventSchema.nullable(),
  history: z.array(ApprovalEventSchema),
  /**
   * The rules of the policy this proposal meets, each with its sentence ("O total (6 150,00 €) é igual ou
   * superior a 5 000,00 €, o limite definido pela organização.", `approvalReasonText`; issue 37).
   */
  reasons: z.array(
    z.object({
      rule: z.enum(['total', 'discount']),
      value: z.number(),
      limit: z.number(),
      text: z.string(),
    }),
  ),
  /** Who may approve it now (`canApproveProposal`: the admins and the managers of the owner's team), by name. */
  approvers: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ProposalApproval = z.infer<typeof ProposalApprovalSchema>;
