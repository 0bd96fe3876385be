import type { MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from '@/modules/sealed-documents/cms-signer.ts';
import { type PdfTask, runPdfTask } from './pdf-task.ts';

/**
 * The worker thread's entry (piscina loads it; built as dist/pdf-worker.js by apps/server/build.mjs): one PDF
 * task per call. The seal's timestamp request goes back to the main thread through `timestampPort` (the
 * network stays there, docs/decisions.md, "Issue 41 — sealing off the event loop"); the bytes come back as a
 * transferred ArrayBuffer, not a copy.
 */
export default async function pdfWorker({
  task,
  timestampPort,
}: {
  task: PdfTask;
  timestampPort?: MessagePort;
}): Promise<unknown> {
  try {
    const result = await runPdfTask(
      task,
      timestampPort
        ? (signatureValue) =>
            new Promise<pkijs.ContentInfo>((resolve, reject) => {
              timestampPort.once('message', (reply: { der?: Uint8Array; error?: string }) => {
                if (reply.der) resolve(pkijs.ContentInfo.fromBER(toArrayBuffer(reply.der)));
                else reject(new Error(reply.error ?? 'no timestamp'));
              });
              timestampPort.postMessage(signatureValue);
            })
        : undefined,
    );
    const buffer = toArrayBuffer(result.bytes);
    // piscina's Transferable: the value the caller gets, and what is moved rather than copied.
    const moved = {
      [Piscina.transferableSymbol]: [buffer],
      [Piscina.valueSymbol]: { buffer, threadId: result.threadId },
    };
    return Piscina.move(moved as unknown as Parameters<typeof Piscina.move>[0]);
  } finally {
    timestampPort?.close();
  }
}
