import { threadId } from 'node:worker_threads';
import type { SealKey } from '@/lib/seal-key.ts';
import { type ProposalPdfData, renderProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { type CertificateData, certificateAppendix } from '@/modules/sealed-documents/certificate.ts';
import type { Timestamper } from '@/modules/sealed-documents/cms-signer.ts';
import { sealPdf } from '@/modules/sealed-documents/seal.ts';

/**
 * The CPU-heavy part of a PDF, as plain data in and bytes out, so it can run in a worker thread
 * (docs/decisions.md, "Issue 41 — sealing off the event loop"): the proposal's pages, or the proposal's pages
 * plus the certificate, sealed. Everything a task needs was read from the database on the main thread.
 */
export type PdfTask =
  | { kind: 'render'; data: ProposalPdfData }
  | {
      kind: 'seal';
      data: ProposalPdfData;
      certificate: CertificateData;
      key: SealKey;
      /** The claimed signing time (tests); now otherwise. */
      signingTime?: Date;
      /** A white-label organization's name, for the signature's name and reason (seal.ts `whiteLabelName`). */
      whiteLabelName?: string;
    };

/** The PDF's bytes, and the thread that made them (0 is the main thread). */
export interface PdfResult {
  bytes: Uint8Array;
  threadId: number;
}

/**
 * Runs one task where it is called. `timestamp` is the seal's RFC 3161 request (PAdES B-T), which a worker
 * hands back to the main thread; without it the seal is B-B.
 */
export async function runPdfTask(task: PdfTask, timestamp?: Timestamper): Promise<PdfResult> {
  if (task.kind === 'render') return { bytes: await renderProposalPdf(task.data), threadId };
  const document = await renderProposalPdf(task.data, certificateAppendix(task.certificate));
  // A key that crossed a thread arrives as a Uint8Array: openSealKey reads it as a Buffer.
  const key = { p12: Buffer.from(task.key.p12), password: task.key.password };
  const bytes = await sealPdf(document, key, {
    signingTime: task.signingTime,
    timestamp,
    whiteLabelName: task.whiteLabelName,
  });
  return { bytes, threadId };
}
