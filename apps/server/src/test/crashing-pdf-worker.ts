/**
 * A PDF worker thread that dies on its first task, as one would on an out-of-memory or a native crash: the
 * seal job must retry the job, not lose it (sealed-documents.routes.test.ts; docs/decisions.md, "Issue 41 —
 * sealing off the event loop").
 */
export default function crashingPdfWorker(): never {
  process.exit(1);
}
