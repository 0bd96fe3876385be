import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

type PdfProposal = { id: string; number: string | null; title: string };

/** Fetches a PDF with the session and saves it under the proposal's number and title. */
async function savePdf(path: string, fileName: string): Promise<void> {
  saveBlob(await apiClient.download(path), fileName);
}

/** Downloads the proposal's PDF (docs/product.md#proposal-pdf). */
export function downloadProposalPdf(proposal: PdfProposal): Promise<void> {
  return savePdf(`/proposals/${encodeURIComponent(proposal.id)}/pdf`, proposalPdfFileName(proposal));
}

/** Downloads the accepted proposal's sealed PDF with its certificate (docs/product.md#sealed-certificate). */
export function downloadSealedPdf(proposal: PdfProposal): Promise<void> {
  return savePdf(
    `/proposals/${encodeURIComponent(proposal.id)}/sealed-pdf`,
    proposalPdfFileName(proposal, { sealed: true }),
  );
}
