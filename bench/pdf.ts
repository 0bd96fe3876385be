// `npm run bench -- --only "proposal pdf"` (issue 22): renders the 30-item proposal of the PDF tests with the
// server's own renderer, in process, and reports p50/p99 and memory against the budget (≤ 300 ms,
// docs/performance.md#proposal-pdf). Exits 1 when the median render is over budget; a p99 over it is printed
// as a warning (on a shared machine the tail follows the other processes more than the renderer).
import { renderProposalPdf } from '../apps/server/src/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { thirtyItemProposal } from '../apps/server/src/modules/proposal-pdf/proposal-pdf.sample.ts';

const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 200);
const BUDGET_MS = 300;

const data = thirtyItemProposal();
let bytes = await renderProposalPdf(data);
for (let i = 0; i < 10; i++) bytes = await renderProposalPdf(data);
const times: number[] = [];
let peakRss = process.memoryUsage().rss;
for (let i = 0; i < ROUNDS; i++) {
  const start = performance.now();
  bytes = await renderProposalPdf(data);
  times.push(performance.now() - start);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const row = {
  case: 'proposal pdf (30 items)',
  rounds: ROUNDS,
  'p50 ms': at(0.5).toFixed(1),
  'p99 ms': at(0.99).toFixed(1),
  'peak RSS': mb(peakRss),
  'heap used': mb(process.memoryUsage().heapUsed),
  'file KB': (bytes.length / 1024).toFixed(0),
  budget: `p50 ≤ ${BUDGET_MS} ms`,
};
console.log('\nThe proposal PDF (in process, the server renderer):');
console.table([row]);
if (at(0.99) > BUDGET_MS) console.warn(`proposal pdf: p99 ${at(0.99).toFixed(1)} ms is over ${BUDGET_MS} ms`);
if (at(0.5) > BUDGET_MS) {
  console.error(`proposal pdf: p50 ${at(0.5).toFixed(1)} ms is over the ${BUDGET_MS} ms budget`);
  process.exit(1);
}
