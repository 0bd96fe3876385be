import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { apiClient } from '@/lib/api-client';

/**
 * Downloads the proposal's PDF with the session (docs/product.md#proposal-pdf) and saves it under the
 * proposal's number and title.
 */
export async function downloadProposalPdf(proposal: {
  id: string;
  number: string | null;
  title: string;
}): Promise<void> {
  const blob = await apiClient.download(`/proposals/${encodeURIComponent(proposal.id)}/pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = proposalPdfFileName(proposal);
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the save to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
