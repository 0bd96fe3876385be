import type { ClientChoice } from '@aceite/shared/client-choice';
import { contentSha256 } from '@aceite/shared/content-hash';
import type { RejectionReasonCode } from '@aceite/shared/rejection-reasons';
import type { ClientMessageKind, PublicProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import type {
  AnswerCodeSent,
  PublicAttachment,
  PublicProposal,
} from '@aceite/shared/schemas/public-proposals';
import type { MandateInput } from '@aceite/shared/sepa/mandate';

/** A failed call to the public API, with the server's pt-PT message when the body had one. */
export class PublicApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The server's own message (error.message), or null when the body had none (network, proxy, HTML). */
  readonly serverMessage: string | null;
  /** The server's field errors (error.details), e.g. the answer code's. */
  readonly details: { field: string; message: string }[];

  constructor(
    status: number,
    code: string | null,
    serverMessage: string | null,
    details: { field: string; message: string }[] = [],
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'PublicApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
  }
}

/** The server's message for one field of the request (e.g. 'code'), if it named that field. */
export function fieldError(error: unknown, field: string): string | null {
  if (!(error instanceof PublicApiError)) return null;
  return error.details.find((detail) => detail.field === field)?.message ?? null;
}

/** The server's message when it gave one, else the screen's fallback (docs/product.md#errors-on-screens). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof PublicApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function storedAccessToken(): string | null {
  try {
    return window.localStorage.getItem('accessToken');
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): the page works without it.
    return null;
  }
}

declare global {
  interface Window {
    /** Set once the first read of the proposal has started (public/early-proposal.js or this module). */
    __aceiteProposalRead?: boolean;
    /** The first read, started by public/early-proposal.js before this code loaded; taken once. */
    __aceiteEarlyProposal?: { path: string; response: Promise<Response> };
  }
}

async function request<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A member of the owning organization previewing the link is not counted as a client view
  // (docs/product.md#views), so the app's session travels along when there is one.
  const token = storedAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // No Content-Type without a body: Fastify refuses an empty body declared as JSON.
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';

  return readResponse<T>(
    fetch(`/api/v1/public/proposals/${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      cache: 'no-store',
    }),
  );
}

/** The body's `data`, or a PublicApiError with the server's message (status 0 when the network failed). */
async function readResponse<T>(pending: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await pending;
  } catch {
    throw new PublicApiError(0, 'NETWORK_ERROR', null);
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)
      ?.error;
    const details = Array.isArray(error?.details)
      ? (error.details as unknown[]).filter(
          (d): d is { field: string; message: string } =>
            typeof (d as { field?: unknown })?.field === 'string' &&
            typeof (d as { message?: unknown })?.message === 'string',
        )
      : [];
    throw new PublicApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : null,
      typeof error?.message === 'string' && error.message ? error.message : null,
      details,
    );
  }
  return (payload as { data: T }).data;
}

const tokenPath = (publicToken: string) => encodeURIComponent(publicToken);

/**
 * The proposal; `refresh` re-reads it after the client answered, without counting another view. The page's
 * first read takes the request public/early-proposal.js started while this code loaded, when there is one for
 * this token; either way only one first read is ever sent.
 */
export function getPublicProposal(publicToken: string, refresh = false): Promise<PublicProposal> {
  if (refresh) return request<PublicProposal>(`${tokenPath(publicToken)}?refresh=1`);
  const early = window.__aceiteEarlyProposal;
  window.__aceiteEarlyProposal = undefined;
  window.__aceiteProposalRead = true;
  if (early && sameToken(early.path, publicToken)) return readResponse<PublicProposal>(early.response);
  return request<PublicProposal>(tokenPath(publicToken));
}

function sameToken(path: string, publicToken: string): boolean {
  try {
    return decodeURIComponent(path) === publicToken;
  } catch {
    return false;
  }
}

/** What counting the visit answers: the count and status the page then shows (docs/product.md#views). */
export interface RecordedView {
  viewCount: number;
  status: PublicProposal['status'];
}

/**
 * Counts this visit as the client's view, once, after the page hydrated the proposal the server rendered: the
 * server cannot count it while rendering, as only the browser holds a member's session (a preview is never a
 * view). Marks the first read done, so public/early-proposal.js never reads again.
 */
export function recordPublicView(publicToken: string): Promise<RecordedView> {
  window.__aceiteProposalRead = true;
  const recorded = request<RecordedView>(`${tokenPath(publicToken)}/views`, { method: 'POST' });
  viewRecording = recorded.catch(() => undefined);
  return recorded;
}

let viewRecording: Promise<unknown> | null = null;

/**
 * Settles once this page's view has been counted (or failed): the server keeps a reading batch only for a
 * counted view (docs/product.md#reading), and a client who hides the page within a second of opening it would
 * otherwise send the batch first. Already settled when the page's first read counted the view.
 */
export function viewCounted(): Promise<unknown> {
  return viewRecording ?? Promise.resolve();
}

/** The attachments the organization marked visible to the client. */
export function getPublicAttachments(publicToken: string): Promise<PublicAttachment[]> {
  return request<PublicAttachment[]>(`${tokenPath(publicToken)}/attachments`);
}

/** Where the browser downloads one of them (served as an attachment, never inline). */
export function publicAttachmentUrl(publicToken: string, attachmentId: string): string {
  return `/api/v1/public/proposals/${tokenPath(publicToken)}/attachments/${encodeURIComponent(attachmentId)}/download`;
}

/** Emails the client the one-time code that accept, reject and sign ask for (issue 20). */
export function requestAnswerCode(publicToken: string): Promise<AnswerCodeSent> {
  return request<AnswerCodeSent>(`${tokenPath(publicToken)}/code`, { method: 'POST' });
}

/**
 * What the page rendered, sent with every decision: the version and the SHA-256 of its canonical content. The
 * server refuses the decision (409) when the proposal changed since (docs/product.md#evidence).
 */
export interface ShownVersion {
  version: number;
  contentSha256: string;
  /** The optional items and quantities chosen (accept and sign; docs/product.md#client-choice). */
  choice?: ClientChoice;
  /** The SEPA mandate signed with the acceptance (docs/product.md#the-mandate-at-acceptance). */
  mandate?: MandateInput;
}

/** The version and content hash of the proposal as this page shows it (WebCrypto, the server's function). */
export async function shownVersionOf(proposal: PublicProposal): Promise<ShownVersion> {
  return { version: proposal.version, contentSha256: await contentSha256(proposal) };
}

/** `code`: the emailed one-time code, when the proposal asks for one (`answerCode.required`). */
export function acceptPublicProposal(
  publicToken: string,
  shown: ShownVersion,
  code?: string,
): Promise<unknown> {
  return request(`${tokenPath(publicToken)}/accept`, {
    method: 'POST',
    body: code ? { code, ...shown } : shown,
  });
}

/** The reason's code and text (docs/product.md#rejection-reasons). */
export function rejectPublicProposal(
  publicToken: string,
  reason: { reasonCode: RejectionReasonCode; reason: string | null },
  shown: ShownVersion,
  code?: string,
): Promise<unknown> {
  return request(`${tokenPath(publicToken)}/reject`, {
    method: 'POST',
    body: code ? { ...reason, code, ...shown } : { ...reason, ...shown },
  });
}

/** The client's question or change request; answers with the whole conversation. */
export function postClientMessage(
  publicToken: string,
  input: { kind: ClientMessageKind; name: string; email: string; message: string },
): Promise<PublicProposalMessage[]> {
  return request<PublicProposalMessage[]>(`${tokenPath(publicToken)}/messages`, {
    method: 'POST',
    body: input,
  });
}

export interface SignInput {
  signatureData: string;
  signerName: string;
  signerEmail: string;
  code?: string;
}

export function signPublicProposal(
  publicToken: string,
  input: SignInput,
  shown: ShownVersion,
): Promise<unknown> {
  return request(`${tokenPath(publicToken)}/sign`, { method: 'POST', body: { ...input, ...shown } });
}

/** 'Não quero receber mais lembretes' (docs/product.md#reminders): idempotent. */
export function stopPublicReminders(publicToken: string): Promise<{ stopped: true }> {
  return request<{ stopped: true }>(`${tokenPath(publicToken)}/reminders/stop`, { method: 'POST' });
}

/** The token of a /p/{publicToken} address, or null when the path is not one. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/p\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The proposal as a PDF (docs/product.md#proposal-pdf): the bytes, or a PublicApiError with the server's
 * message (unknown link, too many requests). The app's session travels along, as for the page, so a member's
 * preview is not recorded as the client's download.
 */
export async function getPublicProposalPdf(publicToken: string): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  const token = storedAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/v1/public/proposals/${tokenPath(publicToken)}/pdf`, {
      headers,
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new PublicApiError(0, 'NETWORK_ERROR', null);
  }
  if (!response.ok) return readResponse<never>(Promise.resolve(response));
  return response.blob();
}
