import { z } from 'zod';

/** One event of the evidence chain as members see it (docs/product.md#evidence). */
export const EvidenceEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum([
    'sent',
    'viewed',
    'pdf_downloaded',
    'code_sent',
    'code_used',
    'accepted',
    'rejected',
    'signed',
  ]),
  occurredAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type EvidenceEvent = z.infer<typeof EvidenceEventSchema>;

/** The chain and whether it is intact; `brokenAt` is the first sequence number that does not check out. */
export const ProposalEvidenceSchema = z.object({
  intact: z.boolean(),
  brokenAt: z.number().int().nullable(),
  events: z.array(EvidenceEventSchema),
  /**
   * The proposal's client was deleted and pseudonymised: the events' network and masked address are hidden
   * (`null`) in what members see and export; the stored events are unchanged (docs/product.md#chain-after-pseudonymisation).
   */
  clientPseudonymised: z.boolean().optional(),
});
export type ProposalEvidence = z.infer<typeof ProposalEvidenceSchema>;
