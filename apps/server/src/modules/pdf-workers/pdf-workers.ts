import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { SealKey } from '@/lib/seal-key.ts';
import type { ProposalPdfData } from '@/modules/proposal-pdf/proposal-pdf.renderer.ts';
import type { CertificateData } from '@/modules/sealed-documents/certificate.ts';
import { requestTimestamp, type TsaConfig } from '@/modules/sealed-documents/timestamp.ts';
import { type PdfResult, type PdfTask, runPdfTask } from './pdf-task.ts';

/**
 * The worker's file: beside this module in the sources (vitest, tsx: TypeScript, loaded through tsx), beside the
 * bundle in the built server (apps/server/build.mjs writes dist/pdf-worker.js next to dist/server.js).
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
export const PDF_WORKER_FILE = new URL(FROM_SOURCES ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);

/**
 * An idle thread is kept this long, then ended (its memory comes back); the next task starts one again, which
 * costs its first PDF the modules' loading (docs/deployment.md#pdf-threads).
 */
const IDLE_MS = 10 * 60_000;

export interface PdfWorkersOptions {
  /** PDF_WORKERS: threads that render and seal; 0 runs the work on the event loop (the reference of the bench). */
  threads: number;
  /** Tests: another worker file (one that crashes). */
  filename?: URL;
}

/**
 * The pool of worker threads that render and seal PDFs off the event loop (docs/decisions.md, "Issue 41 —
 * sealing off the event loop"; PDF_WORKERS in docs/deployment.md): the database reads and writes and the TSA's
 * request stay on the main thread, plain data goes in and the bytes come out. A thread that dies rejects its
 * task, which the seal job retries like any failure (sealed-documents.service.ts), and piscina starts another.
 */
export class PdfWorkers {
  readonly #pool: Piscina | null;
  /** The threads that made PDFs (tests check the work left the main thread, whose id is 0). */
  readonly threadIds = new Set<number>();

  constructor(options: PdfWorkersOptions) {
    const filename = options.filename ?? PDF_WORKER_FILE;
    this.#pool =
      options.threads > 0
        ? new Piscina({
            filename: filename.href,
            // Started on the first task, not with the app: most processes (and tests) never make a PDF.
            minThreads: 0,
            maxThreads: options.threads,
            idleTimeout: IDLE_MS,
            // From the sources, the thread compiles TypeScript as the tests and tsx do, with the server's aliases.
            ...(filename.pathname.endsWith('.ts')
              ? {
                  execArgv: ['--import', 'tsx'],
                  env: {
                    ...process.env,
                    TSX_TSCONFIG_PATH: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)),
                  },
                }
              : {}),
          })
        : null;
  }

  /** The proposal's pages (the download). */
  async render(data: ProposalPdfData): Promise<Uint8Array> {
    return this.#run({ kind: 'render', data });
  }

  /**
   * The proposal's pages, the certificate's, sealed (PAdES B-B; B-T with a TSA, asked from this thread). A TSA
   * that fails rejects, with its message, as sealPdf does.
   */
  async seal(input: {
    data: ProposalPdfData;
    certificate: CertificateData;
    key: SealKey;
    tsa?: TsaConfig;
    signingTime?: Date;
    whiteLabelName?: string;
  }): Promise<Uint8Array> {
    const { tsa, ...rest } = input;
    return this.#run({ kind: 'seal', ...rest }, tsa);
  }

  async #run(task: PdfTask, tsa?: TsaConfig): Promise<Uint8Array> {
    const ask = tsa ? (value: Uint8Array) => requestTimestamp(tsa, value) : undefined;
    let result: PdfResult;
    if (!this.#pool) {
      result = await runPdfTask(task, ask);
    } else if (!ask) {
      const done: { buffer: ArrayBuffer; threadId: number } = await this.#pool.run({ task });
      result = { bytes: new Uint8Array(done.buffer), threadId: done.threadId };
    } else {
      // The worker sends the signature value; this thread asks the TSA and answers with the token's DER or
      // the error's message.
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (value: Uint8Array) => {
        ask(value).then(
          (token) => port1.postMessage({ der: new Uint8Array(token.toSchema().toBER(false)) }),
          (error: unknown) =>
            port1.postMessage({ error: error instanceof Error ? error.message : String(error) }),
        );
      });
      try {
        const done: { buffer: ArrayBuffer; threadId: number } = await this.#pool.run(
          { task, timestampPort: port2 },
          { transferList: [port2] },
        );
        result = { bytes: new Uint8Array(done.buffer), threadId: done.threadId };
      } finally {
        port1.close();
      }
    }
    this.threadIds.add(result.threadId);
    return result.bytes;
  }

  /** Ends the threads (the app's close); a task still running is rejected. */
  async close(): Promise<void> {
    await this.#pool?.destroy();
  }
}
