import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { downloadProposalPdf } from '../api/download-proposal-pdf';

const FAILED = 'Não foi possível descarregar o PDF';

/** "Descarregar PDF" on the proposal's page, for every member who can read it (docs/product.md#proposal-pdf). */
export function DownloadPdfButton({
  proposal,
}: {
  proposal: { id: string; number: string | null; title: string };
}) {
  const download = useMutation({
    mutationFn: downloadProposalPdf,
    onError: (error) =>
      notifications.show({ color: 'red', title: FAILED, message: errorMessage(error, `${FAILED}.`) }),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload size={18} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() => download.mutate(proposal)}
    >
      Descarregar PDF
    </Button>
  );
}
