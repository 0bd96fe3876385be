import { createHash, randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { agreedTotal } from '@aceite/shared/agreed';
import { contentSha256, type ShownContent, shownContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import type { EvidenceEvent } from '@aceite/shared/schemas/evidence';
import { completeContent } from '@aceite/shared/schemas/proposals';
import {
  normalizeVerificationCode,
  VERIFICATION_CODE_ALPHABET,
  type VerificationResult,
  type VerifyInput,
} from '@aceite/shared/schemas/verification';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import { retryAt } from '@/lib/durable-queue.ts';
import type { SealKey } from '@/lib/seal-key.ts';
import type { FileStorage } from '@/lib/storage.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { sealedDocumentEmail } from '@/modules/email/email.templates.ts';
import { listEvidence, verifyChain } from '@/modules/evidence/evidence.service.ts';
import type { ProposalPdfData } from '@/modules/proposal-pdf/proposal-pdf.renderer.ts';
import { loadStoredProposalPdfData } from '@/modules/proposal-pdf/proposal-pdf.service.ts';
import { sepaTermsOf } from '@/modules/proposal-projections/sepa-terms.ts';
import { type CertificateData, type CertificateMandate, lisbonAndUtc } from './certificate.ts';
import {
  claimDueSeals,
  insertSealJob,
  markSealed,
  markSealFailed,
  type SealedRow,
  selectSealedByProposal,
  selectSealedByToken,
  selectSealedFor,
  selectSealedOfProposals,
  selectSealSource,
} from './sealed-documents.queries.ts';
import { type TsaConfig, tsaName } from './timestamp.ts';

/** What the proposal's pages show, the content the decision is bound to in place of the live row's. */
export type ProposalPdfDataSource = (
  db: Db,
  proposalId: string,
  bound: ShownContent,
) => Promise<ProposalPdfData>;
/** The proposal's evidence, one printable line per event, oldest first. */
export type EventLinesSource = (
  db: Db,
  proposal: { id: string; organizationId: string },
) => Promise<string[]>;

/**
 * What renders and seals the document: modules/pdf-workers' `PdfWorkers` (worker threads), named here by its
 * shape so this module does not import the one that imports its certificate and seal (no cycle).
 */
export interface DocumentSealer {
  seal(input: {
    data: ProposalPdfData;
    certificate: CertificateData;
    key: SealKey;
    tsa?: TsaConfig;
    whiteLabelName?: string;
  }): Promise<Uint8Array>;
}

export interface SealDependencies {
  db: Db;
  storage: FileStorage;
  sealKey: SealKey;
  appUrl: string;
  /** SEAL_TSA_URL: the seal's RFC 3161 timestamp authority (PAdES B-T); without it the seal is B-B. */
  tsa?: TsaConfig;
  /** The threads that render and seal (modules/pdf-workers): the job's CPU-heavy part leaves the event loop. */
  pdfWorkers: DocumentSealer;
  proposalPdfData?: ProposalPdfDataSource;
  eventLines?: EventLinesSource;
}

/** The proposal's pages: the same PDF a member or the client downloads (modules/proposal-pdf). */
export const defaultProposalPdfData: ProposalPdfDataSource = async (db, proposalId, bound) =>
  (await loadStoredProposalPdfData({ db }, proposalId, bound)).data;

/**
 * What the sealed pages show: the content kept with the decision (its audit row's `shownContent`), or, for a
 * decision recorded before it was kept, the row as it is now — either way only once its SHA-256 equals the
 * one the decision recorded. A mismatch throws: the job retries and then fails, and nothing is sealed that the
 * client did not decide on (docs/product.md#sealed-certificate).
 */
export async function boundContentOf(
  proposal: ShownContent,
  metadata: Record<string, unknown>,
): Promise<ShownContent> {
  const kept = metadata.shownContent;
  const bound = kept && typeof kept === 'object' ? (kept as ShownContent) : shownContent(proposal);
  const expected = metadata.contentSha256;
  if (typeof expected !== 'string') throw new Error('the decision records no content hash');
  const actual = await contentSha256(bound);
  if (actual !== expected) {
    throw new Error(`content hash ${actual} is not the decision's ${expected}: not sealed`);
  }
  return bound;
}

const EVENT_LABELS: Record<EvidenceEvent['type'], string> = {
  sent: 'Enviada ao cliente',
  viewed: 'Aberta pelo cliente',
  pdf_downloaded: 'PDF descarregado pelo cliente',
  code_sent: 'Código de confirmação enviado ao cliente',
  code_used: 'Código de confirmação usado',
  accepted: 'Aceite pelo cliente',
  rejected: 'Rejeitada pelo cliente',
  signed: 'Assinada pelo cliente',
};

/**
 * The certificate's event lines: the proposal's evidence chain (docs/product.md#evidence), one line each, with
 * the start of each event's hash so a line can be matched to the stored chain.
 */
export const defaultEventLines: EventLinesSource = async (db, proposal) =>
  (await listEvidence(db, proposal)).map(
    (event) =>
      `${lisbonAndUtc(new Date(event.occurredAt)).utc} · ${EVENT_LABELS[event.type] ?? event.type} · ${event.hash.slice(0, 16)}`,
  );

function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++)
    code += VERIFICATION_CODE_ALPHABET[randomInt(0, VERIFICATION_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/**
 * Queues the sealed PDF of an accepted or signed proposal, inside the decision's transaction: the job commits
 * with the decision or not at all, and the unique proposal id makes it once (docs/decisions.md, "Sealed
 * certificate and verification").
 */
export async function queueSeal(db: Db, proposal: { id: string; organizationId: string }): Promise<void> {
  await insertSealJob(db, {
    organizationId: proposal.organizationId,
    proposalId: proposal.id,
    verificationCode: newVerificationCode(),
  });
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export function verificationUrl(appUrl: string, code: string): string {
  return `${appUrl}/verificar?codigo=${code}`;
}

/**
 * Produces the sealed PDF of one queued job: the proposal's pages plus the certificate, sealed, stored through
 * the storage interface under a key named by the job (a retry overwrites the same object), then recorded with
 * its SHA-256 and emailed (as an attachment) to the client and the owner in one transaction.
 */
export async function produceSealedPdf(deps: SealDependencies, job: SealedRow): Promise<{ sha256: string }> {
  const { db } = deps;
  const source = await selectSealSource(db, job.organizationId, job.proposalId);
  if (!source) throw new Error(`proposal ${job.proposalId} not found`);
  const p = source.proposal;
  const meta = (source.decision?.metadata ?? {}) as Record<string, unknown>;
  // Checked before anything is rendered or signed.
  const bound = await boundContentOf(
    { ...p, content: completeContent(p.content), sepa: sepaTermsOf(p) },
    meta,
  );
  const events = await (deps.eventLines ?? defaultEventLines)(db, p);
  // A white-label organization's client verifies and downloads on its domain (docs/product.md#white-label).
  const whiteLabel = await whiteLabelOf(db, p.organizationId);
  const clientUrl = whiteLabel ? `https://${whiteLabel.domain}` : deps.appUrl;
  const data: CertificateData = {
    proposalTitle: bound.title,
    organizationName: source.organizationName,
    decision: p.signedAt ? 'signed' : 'accepted',
    signerName: p.signedByName ?? source.clientName ?? null,
    signerEmail: p.signedByEmail ?? source.clientEmail ?? null,
    signatureImage: p.signatureData,
    decidedAt: p.signedAt ?? p.acceptedAt ?? source.decision?.createdAt ?? new Date(),
    ip: source.decision?.ip ?? null,
    userAgent: typeof meta.userAgent === 'string' ? meta.userAgent : null,
    version: p.currentVersion,
    contentSha256: typeof meta.contentSha256 === 'string' ? meta.contentSha256 : null,
    events,
    verificationCode: job.verificationCode,
    verificationUrl: verificationUrl(clientUrl, job.verificationCode),
    whiteLabel: whiteLabel !== null,
    timestampAuthority: deps.tsa ? tsaName(deps.tsa.url) : null,
    // Recorded by the decision with the IBAN masked (docs/product.md#the-mandate-at-acceptance).
    mandate: (meta.sepaMandate as CertificateMandate | undefined) ?? null,
  };
  const pages = await (deps.proposalPdfData ?? defaultProposalPdfData)(db, p.id, bound);
  // One document: the proposal's pages and the certificate's, in one embedded font family and numbered
  // together ("Página 3 de 3"), rendered and sealed in a worker thread (docs/decisions.md, "Issue 41 — sealing
  // off the event loop"). A TSA that fails throws here, and so does a worker that dies: the job is retried
  // with backoff, as any sealing failure (the certificate page already names the TSA, so the file is never
  // sealed without its stamp; docs/decisions.md, "Issue 33 — PAdES baseline B-T").
  const sealed = await deps.pdfWorkers.seal({
    data: pages,
    certificate: data,
    key: deps.sealKey,
    tsa: deps.tsa,
    whiteLabelName: whiteLabel ? source.organizationName : undefined,
  });
  const hash = sha256(sealed);
  const storageKey = `sealed/${p.organizationId}/${job.id}`;
  await deps.storage.put(storageKey, Buffer.from(sealed), 'application/pdf');
  // The figure the client agreed to, as every screen shows it (docs/product.md#signed-figures).
  const agreed = agreedTotal(p) ?? p.totalValue;
  await db.transaction(async (tx) => {
    const recorded = await markSealed(tx, job.id, {
      sha256: hash,
      storageKey,
      eventsSha256: sha256(events.join('\n')),
      eventCount: events.length,
      // What the certificate printed, frozen for /verificar (docs/product.md#verification).
      certificate: {
        proposalTitle: data.proposalTitle,
        organizationName: data.organizationName,
        signerName: data.signerName,
        decision: data.decision,
        decidedAt: data.decidedAt.toISOString(),
        total: agreed,
        currency: p.currency,
      },
    });
    if (!recorded) return;
    const figures = {
      total: formatMoney(agreed),
      originalTotal: agreed === p.totalValue ? null : formatMoney(p.totalValue),
    };
    const recipients = new Map<string, { link: string; isOwner: boolean }>();
    const client = data.signerEmail ?? source.clientEmail;
    if (client) {
      recipients.set(client.toLowerCase(), {
        link: `${clientUrl}/api/v1/public/proposals/${p.publicToken}/sealed-pdf`,
        isOwner: false,
      });
    }
    if (source.ownerActive && !recipients.has(source.ownerEmail.toLowerCase())) {
      recipients.set(source.ownerEmail.toLowerCase(), {
        link: `${deps.appUrl}/proposals/${p.id}`,
        isOwner: true,
      });
    }
    // The sealed file itself goes with each email (stored in the outbox row, so a retry sends the same bytes);
    // the text keeps the download link (docs/product.md#sealed-certificate).
    const attachment = {
      fileName: proposalPdfFileName(p, { sealed: true }),
      contentType: 'application/pdf',
      content: sealed,
    };
    for (const [to, { link, isOwner }] of recipients) {
      await queueEmail(tx, {
        kind: 'sealed_document',
        to,
        // The client's reply reaches the proposal's owner, as with the proposal's own email.
        replyTo: isOwner ? null : source.ownerEmail,
        // To the client, from the organization (docs/product.md#sending-and-email).
        fromOrganization: isOwner ? null : source.organizationName,
        organizationId: p.organizationId,
        attachments: [attachment],
        email: sealedDocumentEmail({
          ...source.brand,
          // The client's copy, on a white-label, is in the organization's colours without the mark; the
          // owner's stays the app's own email (docs/product.md#white-label).
          whiteLabel: whiteLabel !== null && !isOwner,
          title: p.title,
          link,
          isOwner,
          verificationCode: job.verificationCode,
          verificationUrl: data.verificationUrl,
          ...figures,
        }),
      });
    }
  });
  return { sha256: hash };
}

const BATCH = 3;
const LEASE_SECONDS = 300;
export const MAX_SEAL_ATTEMPTS = 30;

/** Produces every due job; a failure is retried with backoff (30 s doubling, capped at 1 h), then marked failed. */
export async function drainSealJobs(
  deps: SealDependencies,
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void },
): Promise<number> {
  let done = 0;
  for (;;) {
    const jobs = await claimDueSeals(deps.db, BATCH, LEASE_SECONDS);
    if (jobs.length === 0) return done;
    for (const job of jobs) {
      try {
        await produceSealedPdf(deps, job);
        done++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retry = retryAt(job.attempts, MAX_SEAL_ATTEMPTS);
        await markSealFailed(deps.db, job.id, message.slice(0, 500), retry);
        // The message names a TSA by its host only (timestamp.ts), never a URL's credentials.
        const details = {
          sealedDocumentId: job.id,
          attempt: job.attempts,
          willRetry: retry !== null,
          error: message.slice(0, 500),
        };
        if (retry) log?.warn(details, 'sealing failed');
        else log?.error(details, 'sealing failed for good');
      }
    }
  }
}

/** The stored file and a file name for it. */
export interface SealedFile {
  body: Readable;
  fileName: string;
}

async function openSealed(
  storage: FileStorage,
  sealed: SealedRow | null | undefined,
  proposal: { number: string | null; title: string },
): Promise<SealedFile> {
  if (!sealed) throw new AppError('NOT_FOUND', MESSAGES.sealedNotAvailable);
  if (sealed.status !== 'sealed' || !sealed.storageKey)
    throw new AppError('CONFLICT', MESSAGES.sealedPending);
  const body = await storage.get(sealed.storageKey);
  if (!body) throw new AppError('NOT_FOUND', MESSAGES.sealedNotAvailable);
  return { body, fileName: proposalPdfFileName(proposal, { sealed: true }) };
}

/** A member's download from the proposal's page (any role that can read the proposal). */
export async function getSealedPdf(
  ctx: TenantContext,
  storage: FileStorage,
  proposalId: string,
): Promise<SealedFile> {
  const row = await selectSealedByProposal(ctx, proposalId);
  return openSealed(storage, row?.sealed, { number: row?.number ?? null, title: row?.title ?? '' });
}

/** The client's download from the public page, after the decision. */
export async function getPublicSealedPdf(db: Db, storage: FileStorage, token: string): Promise<SealedFile> {
  const row = await selectSealedByToken(db, token);
  if (!row || isClosedToClient(row)) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return openSealed(storage, row.sealed, row);
}

/** Whether the events printed on the certificate are still recorded unchanged, first to last. */
export type ChainCheck = (db: Db, sealed: SealedRow) => Promise<boolean>;

/**
 * The chain is intact (verifyChain: every hash recomputed, none missing) and still begins with the events the
 * certificate printed (docs/product.md#verification).
 */
export const defaultChainCheck: ChainCheck = async (db, sealed) => {
  if (sealed.eventsSha256 === null || sealed.eventCount === null) return false;
  const proposal = { id: sealed.proposalId, organizationId: sealed.organizationId };
  if (!(await verifyChain(db, proposal)).intact) return false;
  const lines = await defaultEventLines(db, proposal);
  return sha256(lines.slice(0, sealed.eventCount).join('\n')) === sealed.eventsSha256;
};

/**
 * /verificar: the sealed document named by its code or by its file's SHA-256, told from what was frozen when it
 * was sealed (renaming the client or the organization afterwards changes nothing). A known code with a
 * different file answers that the file was altered after sealing; an unknown code or file answers the same 404
 * and reveals nothing (docs/product.md#verification).
 */
export async function verifySealed(
  db: Db,
  input: VerifyInput,
  chainCheck: ChainCheck = defaultChainCheck,
): Promise<VerificationResult> {
  const code = input.code === undefined ? null : normalizeVerificationCode(input.code);
  const fileSha256 = input.sha256?.toLowerCase();
  const row = await selectSealedFor(db, code ? { code } : { sha256: fileSha256 ?? '' });
  // A sealed row always has its facts (written with the file; older rows filled by migration 0033).
  if (!row?.sealedAt || !row.sha256 || !row.certificate)
    throw new AppError('NOT_FOUND', MESSAGES.verificationNoMatch);
  const facts = row.certificate;
  return {
    verificationCode: row.verificationCode,
    proposalTitle: facts.proposalTitle,
    organizationName: facts.organizationName,
    signerName: facts.signerName,
    decision: facts.decision,
    decidedAt: facts.decidedAt,
    sealedAt: row.sealedAt.toISOString(),
    total: facts.total,
    currency: facts.currency,
    sha256: row.sha256,
    fileMatches: fileSha256 === undefined ? null : fileSha256 === row.sha256,
    chainIntact: await chainCheck(db, row),
  };
}

/**
 * The stored sealed PDFs of these proposals (docs/product.md#personal-data): what a client's data export adds,
 * one `{ proposalId, stream }` per file still in storage.
 */
export async function sealedFilesOf(
  ctx: TenantContext,
  storage: FileStorage,
  proposalIds: string[],
): Promise<{ proposalId: string; stream: Readable }[]> {
  const files: { proposalId: string; stream: Readable }[] = [];
  for (const row of await selectSealedOfProposals(ctx, proposalIds)) {
    if (!row.storageKey) continue;
    const stream = await storage.get(row.storageKey);
    if (stream) files.push({ proposalId: row.proposalId, stream });
  }
  return files;
}
