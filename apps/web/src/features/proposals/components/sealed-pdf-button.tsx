import { MESSAGES } from '@aceite/shared/messages';
import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { apiClient, errorMessage } from '@/lib/api-client';

/** Saves the accepted proposal's sealed PDF with its certificate (docs/product.md#sealed-certificate). */
export function SealedPdfButton({
  proposal,
}: {
  proposal: { id: string; number: string | null; title: string };
}) {
  const [loading, setLoading] = useState(false);
  async function download() {
    setLoading(true);
    try {
      const blob = await apiClient.download(`/proposals/${encodeURIComponent(proposal.id)}/sealed-pdf`);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = proposalPdfFileName(proposal, { sealed: true });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, MESSAGES.somethingWentWrong) });
    } finally {
      setLoading(false);
    }
  }
  return (
    <Button
      variant="default"
      loading={loading}
      leftSection={<IconFileCertificate size={18} aria-hidden="true" />}
      onClick={() => void download()}
    >
      Descarregar PDF assinado
    </Button>
  );
}
