import { z } from 'zod';

/**
 * One event of the evidence chain as members see and export it (docs/product.md#evidence). It carries every
 * field its hash covers: `hash` = SHA-256 hex of `prevHash` followed by the RFC 8785 canonical JSON of
 * `{ organizationId, proposalId, seq, type, occurredAt, payload }`, so anyone can recompute it from the export.
 */
export const EvidenceEventSchema = z.object({
  organizationId: z.string(),
  proposalId: z.string(),
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
  /**
   * Payload keys shown as `null` although the hash covers their stored value (the client was pseudonymised,
   * docs/product.md#chain-after-pseudonymisation): this event's own hash cannot be recomputed from the export;
   * its links (`prevHash`, `seq`, the head) still can. Absent when every field is as recorded.
   */
  hiddenPayloadKeys: z.array(z.string()).optional(),
});
export type EvidenceEvent = z.infer<typeof EvidenceEventSchema>;

/** The chain's head as recorded apart from the events: the last event's number and hash (null before any). */
export const EvidenceHeadSchema = z.object({ seq: z.number().int(), hash: z.string() });
export type EvidenceHead = z.infer<typeof EvidenceHeadSchema>;

/** The chain and whether it is intact; `brokenAt` is the first sequence number that does not check out. */
export const ProposalEvidenceSchema = z.object({
  intact: z.boolean(),
  brokenAt: z.number().int().nullable(),
  events: z.array(EvidenceEventSchema),
  /**
   * The head recorded apart from the events (docs/product.md#evidence): the last event must be this one, so a
   * removed last event shows. Null when the proposal has no events yet.
   */
  head: EvidenceHeadSchema.nullable(),
  /**
   * The proposal's client was deleted and pseudonymised: the events' network and masked address are hidden
   * (`null`) in what members see and export; the stored events are unchanged (docs/product.md#chain-after-pseudonymisation).
   */
  clientPseudonymised: z.boolean().optional(),
});
export type ProposalEvidence = z.infer<typeof ProposalEvidenceSchema>;
