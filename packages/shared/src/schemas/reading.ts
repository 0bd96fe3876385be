import { z } from 'zod';
import { DEVICE_TYPES, READING_MAX_SECTIONS } from '../reading.ts';

/** A day in milliseconds: no batch claims more (the server clamps to the visit's wall time anyway). */
const MAX_MS = 24 * 60 * 60 * 1000;
const Ms = z.number().int().min(0).max(MAX_MS);

/**
 * `POST /public/proposals/{token}/reading`: the visit's totals so far (docs/product.md#reading). Each batch
 * carries the whole visit's totals, not a delta, so a lost batch loses nothing and a repeated one adds nothing.
 */
export const ReadingBatchInputSchema = z.object({
  /** A UUID the page made when it opened: one per visit. */
  visitId: z.uuid(),
  /** Time the page was visible. */
  visibleMs: Ms,
  /** Time each section was in view, by section id (`b0`… for content blocks, `items` for the table). */
  sections: z
    .record(z.string().regex(/^(b\d{1,3}|items)$/), Ms)
    .refine((value) => Object.keys(value).length <= READING_MAX_SECTIONS, {
      message: `No máximo ${READING_MAX_SECTIONS} secções`,
    })
    .default({}),
});
export type ReadingBatchInput = z.infer<typeof ReadingBatchInputSchema>;

export const ReadingVisitSchema = z.object({
  startedAt: z.string(),
  lastSeenAt: z.string(),
  visibleMs: z.number().int(),
  device: z.enum(DEVICE_TYPES),
});
export type ReadingVisit = z.infer<typeof ReadingVisitSchema>;

/** `GET /proposals/{id}/reading`: the "Leitura" panel (docs/product.md#reading). */
export const ProposalReadingSchema = z.object({
  /** Visits still kept one by one, newest first. */
  visits: z.array(ReadingVisitSchema),
  /** Every visit measured, including those already aggregated by the retention. */
  visitCount: z.number().int(),
  totalMs: z.number().int(),
  /** Older visits aggregated by the retention (no dates or devices any more). */
  aggregatedVisits: z.number().int(),
  /** The sections by time in view, longest first; `label` is the block's title, its position, or "Itens". */
  sections: z.array(z.object({ id: z.string(), label: z.string(), ms: z.number().int() })),
  /** When the client last downloaded the PDF, or null. */
  pdfDownloadedAt: z.string().nullable(),
});
export type ProposalReading = z.infer<typeof ProposalReadingSchema>;
