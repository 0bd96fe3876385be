import { MESSAGES } from '@aceite/shared/messages';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { downloadSealedPdf } from '../api/download-proposal-pdf';

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
      await downloadSealedPdf(proposal);
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
