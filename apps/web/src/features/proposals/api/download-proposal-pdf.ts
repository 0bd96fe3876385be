import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { apiClient } from '@/lib/api-client';

type PdfProposal = { id: string; number: string | null; title: string };

/** Fetches a PDF with the session and saves it under the proposal's number and title. */
async function savePdf(path: string, fileName: string): Promise<void> {
  const blob = await apiClient.download(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the save to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
