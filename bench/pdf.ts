// `npm run bench -- --only "proposal pdf"` (issues 22, 33 and 41): renders the 30-item proposal of the PDF tests
// with the server's own renderer, in process, and reports p50/p99, file size and memory against the budget
// (≤ 300 ms, docs/performance.md#proposal-pdf); then a 1-page and a 10-page proposal, bare and sealed as the seal
// job makes them (the proposal's pages, the certificate as their appendix, the PAdES seal), with pages per
// second. The seal job's queue under concurrent signatures is bench/seal-queue.ts.
// Exits 1 when the proposal's median render is over budget; a p99 over it is printed as a warning (on a shared
// machine the tail follows the other processes more than the renderer).
import { PDFDocument } from 'pdf-lib';
import { generateSealKey } from '../apps/server/src/lib/seal-key.ts';
import { renderProposalPdf } from '../apps/server/src/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { thirtyItemProposal } from '../apps/server/src/modules/proposal-pdf/proposal-pdf.sample.ts';
import { certificateAppendix } from '../apps/server/src/modules/sealed-documents/certificate.ts';
import { sealPdf } from '../apps/server/src/modules/sealed-documents/seal.ts';

const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 200);
const BUDGET_MS = 300;

const data = thirtyItemProposal();
const key = generateSealKey();
const certificate = {
  proposalTitle: data.title,
  organizationName: data.organization.name,
  decision: 'signed' as const,
  signerName: 'Łukasz Conceição Simão',
  signerEmail: 'lukasz@padaria.pt',
  signatureImage: null,
  decidedAt: new Date('2026-11-25T15:04:05Z'),
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  version: 2,
  contentSha256: '0123456789abcdef'.repeat(4),
  events: ['2026-11-24 10:00:00 UTC · Enviada ao cliente', '2026-11-25 15:04:05 UTC · Assinada pelo cliente'],
  verificationCode: 'ABCD-EFGH-JKMN',
  verificationUrl: 'https://aceite.example/verificar?codigo=ABCD-EFGH-JKMN',
};

/**
 * The 30-item sample with `items` lines (the same texts, amounts and IVA, repeated), to make a proposal of a given
 * number of pages; the bench checks the count, so a layout change cannot quietly change what is measured.
 */
function withItems(items: number) {
  const lines = Array.from({ length: items }, (_, i) => ({
    ...(data.content.items[i % data.content.items.length] as (typeof data.content.items)[number]),
    name: `Serviço nº ${i + 1} — instalação`,
  }));
  return { ...data, content: { ...data.content, items: lines } };
}
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
const onePage = withItems(3);
const tenPages = withItems(175);
for (const [name, sample, pages] of [
  ['1-page', onePage, 1],
  ['10-page', tenPages, 10],
] as const) {
  const counted = await pageCount(await renderProposalPdf(sample));
  if (counted !== pages) throw new Error(`the ${name} sample has ${counted} pages: adjust its lines`);
}

const cases = {
  'proposal pdf (30 items)': () => renderProposalPdf(data),
  'proposal pdf, 1 page': () => renderProposalPdf(onePage),
  'proposal pdf, 10 pages': () => renderProposalPdf(tenPages),
  'sealed pdf, 1 page + certificate': async () =>
    sealPdf(await renderProposalPdf(onePage, certificateAppendix(certificate)), key),
  'sealed pdf, 10 pages + certificate': async () =>
    sealPdf(await renderProposalPdf(tenPages, certificateAppendix(certificate)), key),
};

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const rows: Record<string, string | number>[] = [];
const proposal: { p50: number; p99: number }[] = [];
for (const [name, render] of Object.entries(cases)) {
  let bytes = await render();
  for (let i = 0; i < 10; i++) bytes = await render();
  const times: number[] = [];
  let peakRss = process.memoryUsage().rss;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    bytes = await render();
    times.push(performance.now() - start);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const pages = await pageCount(bytes);
  const meanSeconds = times.reduce((sum, t) => sum + t, 0) / times.length / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  proposal.push({ p50: at(0.5), p99: at(0.99) });
  rows.push({
    case: name,
    rounds: ROUNDS,
    'p50 ms': at(0.5).toFixed(1),
    'p99 ms': at(0.99).toFixed(1),
    pages,
    // One render at a time, in one process: the pages one core writes per second.
    'pages/s': (pages / meanSeconds).toFixed(0),
    'peak RSS': mb(peakRss),
    'heap used': mb(process.memoryUsage().heapUsed),
    'file KB': (bytes.length / 1024).toFixed(0),
  });
}
console.log(`\nThe proposal PDF (in process, the server renderer; budget: proposal p50 ≤ ${BUDGET_MS} ms):`);
console.table(rows);
const [{ p50, p99 } = { p50: Number.NaN, p99: Number.NaN }] = proposal;
if (p99 > BUDGET_MS) console.warn(`proposal pdf: p99 ${p99.toFixed(1)} ms is over ${BUDGET_MS} ms`);
if (p50 > BUDGET_MS) {
  console.error(`proposal pdf: p50 ${p50.toFixed(1)} ms is over the ${BUDGET_MS} ms budget`);
  process.exit(1);
}
